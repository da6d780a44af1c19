import { z } from 'zod';
import { ProductDto, ProductListReply } from '@core/contracts/http/products';
import { api } from '../../../lib/api-client';

/** GET /api/product/list without a limit: every in-stock product (the spec filters and searches on the client). */
export async function getProducts(): Promise<ProductDto[]> {
  const reply = await api.get('/api/product/list', ProductListReply);
  return reply.products;
}

const ProductReply = z.object({ success: z.literal(true), product: ProductDto });

export async function getProduct(id: string): Promise<ProductDto> {
  const reply = await api.get(`/api/product/${encodeURIComponent(id)}`, ProductReply);
  return reply.product;
}
