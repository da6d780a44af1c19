import { z } from 'zod';
import { ProductDto, type ProductData } from '@core/contracts/http/products';
import { api } from '../../../lib/api-client';

const SellerProductsReply = z.object({ success: z.literal(true), products: z.array(ProductDto) });
const ProductChangeReply = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  product: ProductDto.optional(),
});

/** Every non-deleted product, out of stock included. */
export async function getSellerProducts(): Promise<ProductDto[]> {
  const reply = await api.get('/api/product/seller-list', SellerProductsReply);
  return reply.products;
}

/** Multipart: `productData` as a JSON string plus up to 4 files in `images`. */
export function addProduct(data: z.input<typeof ProductData>, images: File[]) {
  const form = new FormData();
  form.append('productData', JSON.stringify(data));
  for (const image of images) form.append('images', image);
  return api.post('/api/product/add', ProductChangeReply, { form });
}

export function setProductStock(id: string, inStock: boolean) {
  return api.post('/api/product/stock', ProductChangeReply, { body: { id, inStock } });
}

export function deleteProduct(id: string) {
  return api.delete(`/api/product/${encodeURIComponent(id)}/delete`, ProductChangeReply);
}
