// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_TYPES } from '../../../core/modules/uploads/image-type';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { AddProductForm } from '../../../client/src/features/seller/components/add-product-form';
import { useSellerProducts } from '../../../client/src/features/seller/stores/seller-products-store';
import { productFixture } from './marketplace-fixtures';

const mango = productFixture('p1', {
  name: 'Alphonso Mango',
  price: 499,
  offerPrice: 449,
  images: ['/uploads/front.png', '/uploads/side.png', '/uploads/box.png'],
});

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** Answers every save with the product and keeps each request's form for the test to read. */
function server() {
  const forms: FormData[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    forms.push(init.body as FormData);
    return json({ success: true, message: 'Product updated', product: mango });
  });
  return forms;
}

const renderForm = (product?: typeof mango) => render(createElement(MemoryRouter, null, createElement(AddProductForm, { product })));
const slotInput = (n: number) => screen.getByLabelText(`Product image ${n}`) as HTMLInputElement;

/** Picks a file as a browser does: `change` fires only when the input does not already hold that file. */
function pick(input: HTMLInputElement, file: File) {
  if (input.files?.[0]?.name === file.name) return;
  input.files = [file] as unknown as FileList;
  fireEvent.change(input);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToasts.setState({ toasts: [] });
  useSellerProducts.setState({ products: [], status: 'idle', versions: {} });
});

describe('the seller’s product image slots', () => {
  it('saves an edit in the order of the slots: a replaced first image stays first', async () => {
    const forms = server();
    renderForm(mango);
    const photo = new File(['new front'], 'new-front.jpg', { type: 'image/jpeg' });
    pick(slotInput(1), photo);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(forms).toHaveLength(1));
    const sent = forms[0]!;
    expect(JSON.parse(sent.get('productData') as string).images).toEqual([null, '/uploads/side.png', '/uploads/box.png']);
    expect(sent.getAll('images').map((f) => (f as File).name)).toEqual(['new-front.jpg']);
  });

  it('takes the same file again after it was removed from its slot', () => {
    renderForm();
    const photo = new File(['front'], 'front.jpg', { type: 'image/jpeg' });
    pick(slotInput(1), photo);
    expect(screen.getByAltText('Product image 1 preview')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove product image 1' }));
    expect(screen.queryByAltText('Product image 1 preview')).toBeNull();

    pick(slotInput(1), photo);
    expect(screen.getByAltText('Product image 1 preview')).toBeTruthy();
  });

  it('offers only the image types the server stores, in every slot', () => {
    renderForm();
    const stored = Object.values(IMAGE_TYPES).map((t) => t.mime);
    const inputs = [1, 2, 3, 4].map(slotInput);
    for (const input of inputs) expect(input.accept.split(',').sort()).toEqual([...stored].sort());
  });
});
