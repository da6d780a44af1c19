import type { z } from 'zod/mini';
import { MessageReply } from '@core/contracts/http/common-replies';
import type { ProductData, ProductEditData, ProductPatchBody } from '@core/contracts/http/products';
import { ProductListReply, ProductReply, type ProductDto } from '@core/contracts/http/product-replies';
import { api } from '../../../lib/api-client';

/** Every non-deleted product, out of stock included. */
export async function getSellerProducts(): Promise<ProductDto[]> {
  const reply = await api.get('/api/product/seller-list', ProductListReply);
  return reply.products;
}

/**
 * One of the store's products as the server has it now, after a stock edit was refused as stale (read from the list:
 * there is no single-product route for sellers). Undefined when it is gone or the list could not be read: the caller
 * keeps what it shows.
 */
export async function currentSellerProduct(id: string): Promise<ProductDto | undefined> {
  return (await getSellerProducts().catch(() => [])).find((p) => p._id === id);
}

/** Multipart: `productData` as a JSON string plus up to 4 files in `images`. */
export function addProduct(data: z.input<typeof ProductData>, images: File[]) {
  const form = new FormData();
  form.append('productData', JSON.stringify(data));
  for (const image of images) form.append('images', image);
  return api.post('/api/product/add', ProductReply, { form });
}

/**
 * PUT: the whole product again; `data.images` orders the images, a current one by its URL and each of `newImages`
 * (sent in the same order) by null.
 */
export function editProduct(id: string, data: z.input<typeof ProductEditData>, newImages: File[]) {
  const form = new FormData();
  form.append('productData', JSON.stringify(data));
  for (const image of newImages) form.append('images', image);
  return api.put(`/api/product/${encodeURIComponent(id)}`, ProductReply, { form });
}

/** PATCH: only the fields given, e.g. `{ stock: 24 }` to restock. */
export function patchProduct(id: string, changes: z.input<typeof ProductPatchBody>) {
  return api.patch(`/api/product/${encodeURIComponent(id)}`, ProductReply, { body: changes });
}

export function setProductStock(id: string, inStock: boolean) {
  return api.post('/api/product/stock', ProductReply, { body: { id, inStock } });
}

export function deleteProduct(id: string) {
  return api.delete(`/api/product/${encodeURIComponent(id)}/delete`, MessageReply);
}
