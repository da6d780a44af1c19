import type { z } from 'zod';
import { ProductEditData, type ProductDto, type ProductListQuery, type ProductPatchBody, type StockBody } from '../../contracts/http/products';
import { conflict, invalid, notFound } from '../../domain/errors';
import { rupeesToPaise } from '../../domain/money';
import { availabilityAfterStockEdit } from '../../domain/product-availability';
import type { Transaction } from '../../infra/prisma';
import { toProductDto, type ProductRow } from '../catalog/product-mapper';
import { appendEvent } from '../outbox/outbox-writer';
import type { ImageStorage } from '../uploads/image-storage';
import type { ProductAdminRepository } from './product-admin-repository';
import { MAX_PRODUCT_IMAGES, readProductForm, tooManyImages, type FormPart } from './product-form';
import type { NewProduct } from './product-admin-repository';

export type SellerProductPage = { products: ProductDto[]; total: number; page: number; limit: number | null };

const productNotFound = () => notFound('product_not_found', 'Product not found');

/**
 * The stock an edit sets. Orders take units while a seller's form is open, and the form does not follow them, so a
 * count sent with the one the form showed (`stockSeen`) is refused when the stored count has moved on: saving it would
 * put sold units back on sale. The seller is told the current count and decides again.
 */
function stockAfterEdit(current: ProductRow, stock: number | null | undefined, stockSeen: number | null | undefined): number | null | undefined {
  if (stock === undefined || stockSeen === undefined || stockSeen === current.stockQuantity) return stock;
  const now = current.stockQuantity === null ? 'not counted' : String(current.stockQuantity);
  throw conflict('stock_changed', `Stock changed to ${now} while you were editing; check it and save again`, { stock: current.stockQuantity });
}

/**
 * The images an edit leaves, in order: `listed` is the form's list, where a URL keeps a current image and null takes
 * the next of the `added` files; added files beyond the nulls come after.
 */
function imagesAfterEdit(listed: (string | null)[], current: string[], added: string[]): string[] {
  if (listed.some((url) => url !== null && !current.includes(url))) {
    throw invalid('unknown_image', 'Keep only images the product already has; send new ones as files');
  }
  const placed = listed.filter((url) => url === null).length;
  if (placed > added.length) throw invalid('image_file_missing', 'productData.images has more new images (null) than files sent');
  let next = 0;
  const ordered = listed.map((url) => url ?? added[next++]!);
  return [...new Set([...ordered, ...added.slice(next)])];
}

/** Whether writing `changes` would leave every column of the product as it is (lists compared item by item). */
function changesNothing(current: ProductRow, changes: Partial<NewProduct>): boolean {
  return (Object.keys(changes) as (keyof NewProduct)[]).every((key) => {
    const [before, after] = [current[key], changes[key]];
    if (after === undefined) return true;
    if (Array.isArray(before) && Array.isArray(after)) return before.length === after.length && before.every((item, i) => item === after[i]);
    return before === after;
  });
}

/**
 * A store's changes to its own products: every call names the signed-in store, and another store's product answers
 * 404 exactly like a missing one (nothing changes). Each change commits together with the outbox event that announces it
 * (docs/architecture.md, invariant 3), then drops this process's cached shopper list so the next read sees the change.
 */
export function createProductAdminService(deps: {
  repo: ProductAdminRepository;
  transaction: Transaction;
  images: ImageStorage;
  catalog: { invalidate(): void };
}) {
  const { repo, transaction, images, catalog } = deps;

  /**
   * Applies an edit to a locked product and announces it with the same commit. `build` turns the current row into
   * the changes; prices are checked against the merged result, since a partial edit may change only one of them.
   */
  async function applyEdit(sellerId: string, id: string, build: (current: ProductRow) => Partial<NewProduct>): Promise<ProductDto> {
    const result = await transaction(async (tx) => {
      const current = await repo.lockForEdit(tx, sellerId, id);
      if (!current) throw productNotFound();
      const changes = build(current);
      if ((changes.offerPricePaise ?? current.offerPricePaise) > (changes.pricePaise ?? current.pricePaise)) {
        throw invalid('offer_above_price', 'Offer price cannot be more than the price');
      }
      // An edit that changes nothing writes nothing: each write is broadcast to every open page and clears the
      // catalogue cache of every API process, so repeating the same save must cost none of that.
      if (changesNothing(current, changes)) return { row: current, changed: false };
      const updated = await repo.update(tx, id, changes);
      await appendEvent(tx, 'stock.changed', { productId: id, reason: 'edited' });
      return { row: updated, changed: true };
    });
    if (result.changed) catalog.invalidate();
    return toProductDto(result.row);
  }

  return {
    /** POST /api/product/add: reads the multipart form, stores its images, creates the product. */
    async add(sellerId: string, parts: AsyncIterable<FormPart>): Promise<ProductDto> {
      const { data, images: stored } = await readProductForm(parts, images);
      const stockQuantity = data.stock ?? null;
      try {
        const row = await transaction(async (tx) => {
          const created = await repo.create(tx, sellerId, {
            name: data.name,
            category: data.category,
            description: data.description,
            pricePaise: rupeesToPaise(data.price),
            offerPricePaise: rupeesToPaise(data.offerPrice),
            images: stored.map((i) => i.url),
            // Counted stock of 0 is sold out from the start.
            inStock: stockQuantity !== 0,
            stockQuantity,
          });
          await appendEvent(tx, 'stock.changed', { productId: created.id, reason: 'added' });
          return created;
        });
        catalog.invalidate();
        return toProductDto(row);
      } catch (error) {
        // The product was not created: its images must not stay on disk.
        await images.removeAll(stored);
        throw error;
      }
    },

    /** POST /api/product/stock: flips availability and, when given, sets the counted quantity (null = not counted). */
    async setStock(sellerId: string, input: z.infer<typeof StockBody>): Promise<ProductDto> {
      const result = await transaction(async (tx) => {
        const current = await repo.lockVisible(tx, sellerId, input.id);
        if (!current) throw productNotFound();
        const stockQuantity = input.stock === undefined ? current.stockQuantity : input.stock;
        if (input.inStock && stockQuantity === 0) {
          throw conflict('no_units_left', 'This product has 0 units left: give a stock quantity above 0 to put it back in stock');
        }
        const toggled = input.inStock !== current.inStock;
        if (!toggled && stockQuantity === current.stockQuantity) {
          return { row: (await repo.findVisible(tx, input.id))!, changed: false };
        }
        const row = await repo.updateStock(tx, input.id, { inStock: input.inStock, stockQuantity });
        await appendEvent(tx, 'stock.changed', { productId: input.id, reason: toggled ? 'toggled' : 'updated' });
        return { row, changed: true };
      });
      if (result.changed) catalog.invalidate();
      return toProductDto(result.row);
    },

    /**
     * PUT /api/product/:id: the whole product again as a multipart form. `productData.images` orders the product's
     * images, current ones by URL and new files by null (see `imagesAfterEdit`): 1 to 4 in all. Dropped images stay
     * on disk until the image sweep finds nothing shows them, past orders included (image-sweep.ts). Stock changes
     * only when sent (see `stockAfterEdit`).
     */
    async edit(sellerId: string, id: string, parts: AsyncIterable<FormPart>): Promise<ProductDto> {
      const { data, images: stored } = await readProductForm(parts, images, { schema: ProductEditData, imageRequired: false });
      try {
        return await applyEdit(sellerId, id, (current) => {
          const all = imagesAfterEdit(data.images, current.images, stored.map((i) => i.url));
          if (all.length === 0) throw invalid('image_required', 'Add at least one product image');
          if (all.length > MAX_PRODUCT_IMAGES) throw tooManyImages();
          return {
            name: data.name,
            description: data.description,
            category: data.category,
            pricePaise: rupeesToPaise(data.price),
            offerPricePaise: rupeesToPaise(data.offerPrice),
            images: all,
            ...availabilityAfterStockEdit(current, stockAfterEdit(current, data.stock, data.stockSeen)),
          };
        });
      } catch (error) {
        await images.removeAll(stored);
        throw error;
      }
    },

    /** PATCH /api/product/:id: changes only the fields sent; a restock is `{ stock: 24, stockSeen: 0 }`. */
    patch(sellerId: string, id: string, body: ProductPatchBody): Promise<ProductDto> {
      return applyEdit(sellerId, id, (current) => ({
        ...(body.name !== undefined && { name: body.name }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.category !== undefined && { category: body.category }),
        ...(body.price !== undefined && { pricePaise: rupeesToPaise(body.price) }),
        ...(body.offerPrice !== undefined && { offerPricePaise: rupeesToPaise(body.offerPrice) }),
        ...availabilityAfterStockEdit(current, stockAfterEdit(current, body.stock, body.stockSeen)),
      }));
    },

    /** DELETE /api/product/:id/delete: hides the product from shoppers; past orders keep their copy of it. */
    async remove(sellerId: string, id: string): Promise<void> {
      await transaction(async (tx) => {
        if (!(await repo.softDelete(tx, sellerId, id))) throw productNotFound();
        await appendEvent(tx, 'product.removed', { productId: id });
      });
      catalog.invalidate();
    },

    /** The store's own product list: every product of it that is not deleted, including out of stock ones. */
    async list(sellerId: string, query: z.infer<typeof ProductListQuery>): Promise<SellerProductPage> {
      const limit = query.limit ?? null;
      const page = query.page ?? 1;
      const { rows, total } = await repo.listForSeller(
        sellerId,
        { search: query.search || undefined, category: query.category || undefined },
        limit ? { skip: (page - 1) * limit, take: limit } : undefined,
      );
      return { products: rows.map(toProductDto), total, page, limit };
    },
  };
}
export type ProductAdminService = ReturnType<typeof createProductAdminService>;
