// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditProductRoute } from '../../../client/src/app/routes/seller/seller-pages';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useSellerProducts } from '../../../client/src/features/seller/stores/seller-products-store';
import { productFixture } from './marketplace-fixtures';

const mango = productFixture('p1', { name: 'Alphonso Mango', description: ['Sweet'], price: 499, offerPrice: 449, images: ['/uploads/mango.png'], stock: 10 });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The seller's product list: unreachable (`down`) until a test brings the server back. */
function server() {
  const state = { down: true };
  vi.stubGlobal('fetch', async () => {
    if (state.down) return json({ success: false, code: 'internal', message: 'Something went wrong' }, 500);
    return json({ success: true, products: [mango], total: 1, page: 1, limit: null });
  });
  return state;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useSellerProducts.setState({ products: [], status: 'idle', versions: {} });
});

describe('the seller’s edit product page', () => {
  it('says the products could not be loaded and offers a retry, instead of spinning forever', async () => {
    const state = server();
    render(
      createElement(
        MemoryRouter,
        { initialEntries: ['/seller/product-list/p1/edit'] },
        createElement(Routes, null, createElement(Route, { path: '/seller/product-list/:id/edit', element: createElement(EditProductRoute) })),
      ),
    );

    expect((await screen.findByTestId('load-failed')).textContent).toContain('Could not load your products');

    state.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('Alphonso Mango')).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('refuses a stock the browser cannot read as a number, instead of saving the product as not counted', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') sent.push(url);
      return json({ success: true, products: [mango], total: 1, page: 1, limit: null });
    });
    render(
      createElement(
        MemoryRouter,
        { initialEntries: ['/seller/product-list/p1/edit'] },
        createElement(Routes, null, createElement(Route, { path: '/seller/product-list/:id/edit', element: createElement(EditProductRoute) })),
      ),
    );
    const stock = (await screen.findByLabelText('Stock (optional)')) as HTMLInputElement;
    // "5e" typed into a number field: the browser reports the value as empty and the input as unreadable.
    Object.defineProperty(stock, 'validity', { value: { ...stock.validity, badInput: true } });
    fireEvent.change(stock, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
