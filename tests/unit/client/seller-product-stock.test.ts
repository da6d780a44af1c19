// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '../../../core/contracts/http/product-replies';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { AddProductForm } from '../../../client/src/features/seller/components/add-product-form';
import { ProductTable } from '../../../client/src/features/seller/components/product-table';
import { useSellerProducts } from '../../../client/src/features/seller/stores/seller-products-store';

const mango: ProductDto = {
  _id: 'p1',
  name: 'Alphonso Mango',
  category: 'Fruits',
  description: ['Sweet'],
  price: 499,
  offerPrice: 449,
  images: ['/uploads/mango.png'],
  inStock: true,
  stock: 10,
  seller: { id: 's1', storeName: 'Green Basket' },
  createdAt: '2026-11-23T10:00:00.000Z',
  version: 1,
};

type Call = { method: string; url: string; productData?: Record<string, unknown>; body?: Record<string, unknown> };

/** The browser's fetch answering as the server would (`answer` picks the reply per call); records each call. */
function server(answer: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const data = init.body instanceof FormData ? init.body.get('productData') : null;
    const call = {
      method: init.method ?? 'GET',
      url,
      ...(typeof data === 'string' ? { productData: JSON.parse(data) } : {}),
      ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}),
    };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const list = (...products: ProductDto[]) => ({ status: 200, body: { success: true, products, total: products.length, page: 1, limit: null } });
const updated = (product: ProductDto) => ({ status: 200, body: { success: true, message: 'Product updated', product } });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const edits = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.productData);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useSellerProducts.setState({ products: [], status: 'idle', versions: {} });
});

describe('the product edit form and the stock', () => {
  const renderForm = () => render(createElement(MemoryRouter, null, createElement(AddProductForm, { product: mango })));

  it('leaves the stock out when the seller did not change it, so sales since the form opened stay', async () => {
    const calls = server(() => updated({ ...mango, name: 'Alphonso Mangoes', stock: 4 }));
    renderForm();
    type(screen.getByLabelText('Product Name'), 'Alphonso Mangoes');
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(edits(calls)).toHaveLength(1));
    expect(edits(calls)[0]).toMatchObject({ name: 'Alphonso Mangoes' });
    expect(edits(calls)[0]).not.toHaveProperty('stock');
    expect(edits(calls)[0]).not.toHaveProperty('stockSeen');
  });

  it('sends a changed stock with the count it showed, shows a refusal at the field, and saves again against the new count', async () => {
    let refused = false;
    const calls = server((call) => {
      if (call.method === 'GET') return list({ ...mango, stock: 4 });
      if (!refused) {
        refused = true;
        const message = 'Stock changed to 4 while you were editing; check it and save again';
        return { status: 409, body: { success: false, code: 'stock_changed', message } };
      }
      return updated({ ...mango, stock: 15 });
    });
    renderForm();
    const stock = screen.getByLabelText('Stock (optional)');
    type(stock, '15');
    fireEvent.submit(screen.getByRole('form'));

    await waitFor(() => expect(screen.getByText('Stock changed to 4 while you were editing; check it and save again')).toBeTruthy());
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    expect(useToasts.getState().toasts).toEqual([]);
    expect(edits(calls)).toEqual([expect.objectContaining({ stock: 15, stockSeen: 10 })]);
    // What the seller typed stays for them to check.
    expect((stock as HTMLInputElement).value).toBe('15');

    await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true));
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(edits(calls)).toHaveLength(2));
    expect(edits(calls)[1]).toMatchObject({ stock: 15, stockSeen: 4 });
  });
});

describe('the product list’s stock field', () => {
  it('follows live changes until the seller types, then keeps what they typed', async () => {
    server(() => list(mango));
    render(createElement(MemoryRouter, null, createElement(ProductTable, { refreshKey: 0 })));
    const field = (await screen.findByLabelText('Stock of Alphonso Mango')) as HTMLInputElement;
    expect(field.value).toBe('10');

    act(() => useSellerProducts.getState().productReceived({ ...mango, stock: 8, version: 2 }));
    expect(field.value).toBe('8');

    fireEvent.focus(field);
    type(field, '25');
    act(() => useSellerProducts.getState().productReceived({ ...mango, stock: 0, inStock: false, version: 3 }));
    expect(field.value).toBe('25');
  });

  it('sends a restock with the count shown as the seller began typing, and after a refusal saves against the new count', async () => {
    let refuse = true;
    const calls = server((call) => {
      // Six sold while the seller typed (orders that leave units are not announced live): the list read after the
      // refusal says so.
      if (call.method === 'GET') return list(refuse ? mango : { ...mango, stock: 4, version: 2 });
      if (refuse) {
        refuse = false;
        return { status: 409, body: { success: false, code: 'stock_changed', message: 'Stock changed to 4 while you were editing; check it and save again' } };
      }
      return updated({ ...mango, stock: 15, version: 3 });
    });
    render(createElement(MemoryRouter, null, createElement(ProductTable, { refreshKey: 0 })));
    const field = (await screen.findByLabelText('Stock of Alphonso Mango')) as HTMLInputElement;

    type(field, '15');
    fireEvent.submit(field.form!);
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.message)).toContain('Stock changed to 4 while you were editing; check it and save again'));
    expect(field.value).toBe('15');

    fireEvent.submit(field.form!);
    await waitFor(() => expect(field.value).toBe('15'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { stock: 15, stockSeen: 10 },
      { stock: 15, stockSeen: 4 },
    ]));
  });
});
