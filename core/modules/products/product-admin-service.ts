import type { z } from 'zod';
import type { ProductDto, ProductListQuery, StockBody } from '../../contracts/http/products';
import { conflict, notFound } from '../../domain/errors';
import { rupeesToPaise } from '../../domain/money';
import type { Transaction } from '../../infra/prisma';
import { toProductDto } from '../catalog/product-mapper';
import { appendEvent } from '../outbox/outbox-writer';
import type { ImageStorage } from '../uploads/image-storage';
import type { ProductAdminRepository } from './product-admin-repository';
import { readProductForm, type FormPart } from './product-form';

export type SellerProductPage = { products: ProductDto[]; total: number; page: number; limit: number | null };

const productNotFound = () => notFound('product_not_found', 'Product not found');

/**
 * The seller's product changes. Each one commits together with the outbox event that announces it
 * (docs/architecture.md, invariant 3), then drops this process's cached shopper list so the next read sees the change.
 */
export function createProductAdminService(deps: {
  repo: ProductAdminRepository;
  transaction: Transaction;
  images: ImageStorage;
  catalog: { invalidate(): void };
}) {
  const { repo, transaction, images, catalog } = deps;

  return {
    /** POST /api/product/add: reads the multipart form, stores its images, creates the product. */
    async add(parts: AsyncIterable<FormPart>): Promise<ProductDto> {
      const { data, images: stored } = await readProductForm(parts, images);
      const stockQuantity = data.stock ?? null;
      try {
        const row = await transaction(async (tx) => {
          const created = await repo.create(tx, {
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
    async setStock(input: z.infer<typeof StockBody>): Promise<ProductDto> {
      const result = await transaction(async (tx) => {
        const current = await repo.lockVisible(tx, input.id);
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

    /** DELETE /api/product/:id/delete: hides the product from shoppers; past orders keep their copy of it. */
    async remove(id: string): Promise<void> {
      await transaction(async (tx) => {
        if (!(await repo.softDelete(tx, id))) throw productNotFound();
        await appendEvent(tx, 'product.removed', { productId: id });
      });
      catalog.invalidate();
    },

    /** The seller's product list: every product that is not deleted, including out of stock ones. */
    async list(query: z.infer<typeof ProductListQuery>): Promise<SellerProductPage> {
      const limit = query.limit ?? null;
      const page = query.page ?? 1;
      const { rows, total } = await repo.listForSeller(
        { search: query.search || undefined, category: query.category || undefined },
        limit ? { skip: (page - 1) * limit, take: limit } : undefined,
      );
      return { products: rows.map(toProductDto), total, page, limit };
    },
  };
}
export type ProductAdminService = ReturnType<typeof createProductAdminService>;
