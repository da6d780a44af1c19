// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '../../../core/contracts/http/product-replies';
import { CartRoute } from '../../../client/src/app/routes/cart';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { UnavailableLines } from '../../../client/src/features/cart/components/unavailable-lines';
import { useCart } from '../../../client/src/features/cart/stores/cart-store';
import { useProducts } from '../../../client/src/features/products/stores/products-store';

const apples: ProductDto = {
  _id: 'p1',
  name: 'Apples',
  category: 'Fruits',
  description: ['Crisp'],
  price: 120,
  offerPrice: 100,
  images: ['/apples.png'],
  inStock: true,
  stock: null,
  seller: { id: 's1', storeName: 'Green Basket' },
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 1,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useCart.setState({ items: {}, revision: 0, savedRevision: 0 });
  useProducts.setState({ products: [], status: 'idle' });
});

describe('the cart when the product list could not be loaded', () => {
  it('says so and offers Retry instead of calling every line unavailable, and Retry brings the lines back', async () => {
    useCart.setState({ items: { p1: 2 } });
    useProducts.setState({ products: [], status: 'error' });
    render(createElement(MemoryRouter, null, createElement(CartRoute)));

    expect(screen.getByTestId('load-failed').textContent).toContain('Could not load the products in your cart');
    expect(screen.queryByTestId('unavailable-lines')).toBeNull();
    expect(screen.queryByText(/Remove the/)).toBeNull();

    const list = { success: true, products: [apples], total: 1, page: 1, limit: null };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Sold by Green Basket' });
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(screen.queryByTestId('unavailable-lines')).toBeNull();
  });
});

describe('a cart line not available now', () => {
  it('is called no longer sold only when the server says so, not when it could not be looked up', async () => {
    useCart.setState({ items: { gone: 1, unchecked: 3 } });
    const lookup = (id: string) => (id === 'gone' ? Promise.resolve(null) : Promise.reject(new Error('offline')));
    render(createElement(UnavailableLines, { ids: ['gone', 'unchecked'], lookup }));

    const line = (id: string) => document.querySelector(`[data-product-id="${id}"]`)?.textContent ?? '';
    await waitFor(() => expect(line('gone')).toContain('No longer sold'));
    expect(line('unchecked')).toContain('Not available now · 3 in cart');
    expect(line('unchecked')).not.toContain('no longer sold');
  });
});
