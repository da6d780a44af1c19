import { ProductDetailReply, ProductListReply, type ProductDto } from '@core/contracts/http/product-replies';
import { api } from '../../../lib/api-client';

/** GET /api/product/list without a limit: every in-stock product (filtering and search happen on the client). */
export async function getProducts(): Promise<ProductDto[]> {
  const reply = await api.get('/api/product/list', ProductListReply);
  return reply.products;
}

export async function getProduct(id: string): Promise<ProductDto> {
  const reply = await api.get(`/api/product/${encodeURIComponent(id)}`, ProductDetailReply);
  return reply.product;
}
