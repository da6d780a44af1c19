import { z } from 'zod';
import { CATEGORY_PATHS } from '../../domain/categories';
import { hasNoControlChars, Pagination, Rupees, Text, Uuid } from './common';

export const ProductListQuery = Pagination.extend({
  search: z.string().trim().max(100).refine(hasNoControlChars, 'Search contains characters that are not allowed').optional(),
  category: z.string().trim().max(40).refine(hasNoControlChars, 'Category contains characters that are not allowed').optional(),
});

/** Units left to sell; null (or absent) means stock is not counted, 0 means sold out. */
const StockQuantity = z
  .number({ message: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(1_000_000, 'Stock is too large')
  .nullable()
  .optional();

const Description = z
  .union([z.string().max(4000, 'Description is too long'), z.array(z.string().max(500)).max(20)])
  .transform((d) => splitDescription(d));

/** The editable fields of a product, shared by add, edit and partial edit. */
const productFields = {
  name: Text(120, 'Name'),
  // The seller form joins bullet lines with the literal text '/n'; a string is split on it and on newlines.
  description: Description.optional().transform((d) => d ?? []),
  category: z.enum(CATEGORY_PATHS, { message: `Category must be one of ${CATEGORY_PATHS.join(', ')}` }),
  price: Rupees('Price'),
  offerPrice: Rupees('Offer price'),
  stock: StockQuantity,
};
const offerNotAbovePrice: [(p: { price?: number; offerPrice?: number }) => boolean, { message: string; path: string[] }] = [
  (p) => p.price === undefined || p.offerPrice === undefined || p.offerPrice <= p.price,
  { message: 'Offer price cannot be more than the price', path: ['offerPrice'] },
];

/** The multipart `productData` JSON of POST /api/product/add. */
export const ProductData = z.strictObject(productFields).refine(...offerNotAbovePrice);
export type ProductData = z.infer<typeof ProductData>;

/**
 * The multipart `productData` JSON of PUT /api/product/:id: the whole product again, where `images` lists the
 * current image URLs to keep, in order; new image files sent with the form are added after them.
 */
export const ProductEditData = z
  .strictObject({ ...productFields, images: z.array(z.string().max(300)).max(4, 'A product can have at most 4 images').default([]) })
  .refine(...offerNotAbovePrice);
export type ProductEditData = z.infer<typeof ProductEditData>;

/** Body of PATCH /api/product/:id: any of the fields to change (a restock sends only `stock`). */
export const ProductPatchBody = z
  .strictObject({
    name: productFields.name.optional(),
    description: Description.optional(),
    category: productFields.category.optional(),
    price: productFields.price.optional(),
    offerPrice: productFields.offerPrice.optional(),
    stock: StockQuantity,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field to change' })
  .refine(...offerNotAbovePrice);
export type ProductPatchBody = z.infer<typeof ProductPatchBody>;

export function splitDescription(d: string | string[] | undefined): string[] {
  const lines = typeof d === 'string' ? d.split(/\/n|\r?\n/) : (d ?? []);
  return lines.map((l) => l.trim()).filter((l) => l.length > 0);
}

/** Body of POST /api/product/stock: the toggle's `{ id, inStock }`, plus an optional new stock quantity. */
export const StockBody = z
  .strictObject({
    id: Uuid,
    inStock: z.boolean({ message: 'inStock must be true or false' }),
    stock: StockQuantity,
  })
  .refine((b) => !(b.inStock && b.stock === 0), { message: 'A product with 0 units left cannot be in stock', path: ['stock'] });
export type StockBody = z.infer<typeof StockBody>;

export { ProductDetailReply, ProductDto, ProductListReply, ProductReply } from './product-replies';
