import { z } from 'zod/mini';

// What the server answers about products, in their own module (see common-replies.ts).

/** The public product shape, prices in rupees. `stock` is null when not counted. */
export const ProductDto = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.array(z.string()),
  price: z.number(),
  offerPrice: z.number(),
  images: z.array(z.string()),
  inStock: z.boolean(),
  stock: z.nullable(z.int()),
  /** The store that sells it. */
  seller: z.object({ id: z.string(), storeName: z.string() }),
  createdAt: z.string(),
  /**
   * Raised by every change to the product (its stock included) and by its store's change of standing: of two states
   * of one product, the one with the higher version is the newer.
   */
  version: z.int(),
});
export type ProductDto = z.infer<typeof ProductDto>;

export const ProductListReply = z.object({
  success: z.literal(true),
  products: z.array(ProductDto),
  total: z.int(),
  page: z.int(),
  limit: z.nullable(z.int()),
  message: z.optional(z.string()),
});

export const ProductDetailReply = z.object({ success: z.literal(true), product: ProductDto });

/** A seller's change of one product: what it is now. */
export const ProductReply = z.object({ success: z.literal(true), message: z.string(), product: ProductDto });
