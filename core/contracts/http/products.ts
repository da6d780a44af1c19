import { z } from 'zod/mini';
import { CATEGORY_PATHS } from '../../domain/categories';
import { hasNoControlChars, Pagination, Rupees, Text, Uuid, uuidOf } from './common';

/** A search or category filter: trimmed, short, single-line, in the one Unicode form names are stored in (see Text). */
const Filter = (max: number, label: string) =>
  z.optional(z.string().check(z.trim(), z.normalize('NFC'), z.maxLength(max), z.refine(hasNoControlChars, `${label} contains characters that are not allowed`)));

export const ProductListQuery = z.extend(Pagination, {
  search: Filter(100, 'Search'),
  category: Filter(40, 'Category'),
  /** Only this store's products. */
  seller: z.optional(uuidOf('seller must be a store id')),
});

/** Units left to sell; null (or absent) means stock is not counted, 0 means sold out. */
const StockQuantity = z.optional(
  z.nullable(z.int({ message: 'Stock must be a whole number' }).check(z.gte(0, 'Stock cannot be negative'), z.lte(1_000_000, 'Stock is too large'))),
);

const Description = z.pipe(
  z.union([z.string().check(z.maxLength(4000, 'Description is too long')), z.array(z.string().check(z.maxLength(500, 'Each description line must be at most 500 characters'))).check(z.maxLength(20, 'A description has at most 20 lines'))]),
  z.transform((d: string | string[]) => splitDescription(d)),
);

/** The editable fields of a product, shared by add, edit and partial edit. */
const productFields = {
  name: Text(120, 'Name'),
  // The seller form joins bullet lines with the literal text '/n'; a string is split on it and on newlines.
  description: z.pipe(z.optional(Description), z.transform((d: string[] | undefined) => d ?? [])),
  category: z.enum(CATEGORY_PATHS, { message: `Category must be one of ${CATEGORY_PATHS.join(', ')}` }),
  price: Rupees('Price'),
  offerPrice: Rupees('Offer price'),
  stock: StockQuantity,
};
const offerNotAbovePrice = z.refine<{ price?: number; offerPrice?: number }>(
  (p) => p.price === undefined || p.offerPrice === undefined || p.offerPrice <= p.price,
  { message: 'Offer price cannot be more than the price', path: ['offerPrice'] },
);

/** The multipart `productData` JSON of POST /api/product/add. */
export const ProductData = z.strictObject(productFields).check(offerNotAbovePrice);
export type ProductData = z.infer<typeof ProductData>;

/**
 * The multipart `productData` JSON of PUT /api/product/:id: the whole product again, where `images` lists the
 * product's images in order: a current image's URL keeps it, and `null` stands for the next new image file sent with
 * the form, so a new image can take any place (the seller replacing the first one keeps it first). New files beyond
 * the nulls are added after them. Stock is the exception: absent, it stays as it is; sent with `stockSeen` (the count
 * the form was loaded with), it is set only if the stored count is still that one, so sales made while the form was
 * open are not undone.
 */
export const ProductEditData = z
  .strictObject({
    ...productFields,
    stockSeen: StockQuantity,
    images: z._default(z.array(z.nullable(z.string().check(z.maxLength(300)))).check(z.maxLength(4, 'A product can have at most 4 images')), []),
  })
  .check(
    offerNotAbovePrice,
    z.refine((d) => d.stockSeen === undefined || d.stock !== undefined, { message: 'Send stockSeen only with stock', path: ['stockSeen'] }),
  );
export type ProductEditData = z.infer<typeof ProductEditData>;

/**
 * Body of PATCH /api/product/:id: any of the fields to change (a restock sends `stock`, and `stockSeen`, the count the
 * seller saw as they typed it: set only if the stored count is still that one, as in the edit form).
 */
export const ProductPatchBody = z
  .strictObject({
    name: z.optional(productFields.name),
    description: z.optional(Description),
    category: z.optional(productFields.category),
    price: z.optional(productFields.price),
    offerPrice: z.optional(productFields.offerPrice),
    stock: StockQuantity,
    stockSeen: StockQuantity,
  })
  .check(
    z.refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one field to change' }),
    offerNotAbovePrice,
    z.refine((b) => b.stockSeen === undefined || b.stock !== undefined, { message: 'Send stockSeen only with stock', path: ['stockSeen'] }),
  );
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
  .check(z.refine((b) => !(b.inStock && b.stock === 0), { message: 'A product with 0 units left cannot be in stock', path: ['stock'] }));
export type StockBody = z.infer<typeof StockBody>;

export { ProductDetailReply, ProductDto, ProductListReply, ProductReply } from './product-replies';
