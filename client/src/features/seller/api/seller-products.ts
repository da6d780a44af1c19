import type { z } from 'zod';
import { MessageReply } from '@core/contracts/http/common';
import { ProductListReply, ProductReply, type ProductData, type ProductDto } from '@core/contracts/http/products';
import { api } from '../../../lib/api-client';

/** Every non-deleted product, out of stock included. */
export async function getSellerProducts(): Promise<ProductDto[]> {
  const reply = await api.get('/api/product/seller-list', ProductListReply);
  return reply.products;
}

/** Multipart: `productData` as a JSON string plus up to 4 files in `images`. */
export function addProduct(data: z.input<typeof ProductData>, images: File[]) {
  const form = new FormData();
  form.append('productData', JSON.stringify(data));
  for (const image of images) form.append('images', image);
  return api.post('/api/product/add', ProductReply, { form });
}

export function setProductStock(id: string, inStock: boolean) {
  return api.post('/api/product/stock', ProductReply, { body: { id, inStock } });
}

export function deleteProduct(id: string) {
  return api.delete(`/api/product/${encodeURIComponent(id)}/delete`, MessageReply);
}
