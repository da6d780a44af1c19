import type { SellerSelfDto } from '../../contracts/http/accounts';
import type { SellerStatusBody, StoreDto, StoreStatus } from '../../contracts/http/stores';
import { conflict, forbidden, notFound } from '../../domain/errors';
import { canChangeStoreStatus, isSelling } from '../../domain/store-status';
import type { Transaction } from '../../infra/prisma';
import { appendEvent } from '../outbox/outbox-writer';
import { storeStatusFromDb, storeStatusToDb, toSellerSelfDto, toStoreDto } from './store-mapper';
import type { StoreRepository } from './store-repository';

const storeNotFound = () => notFound('store_not_found', 'Store not found');

/**
 * Stores and their standing (docs/architecture.md, "Stores"). The standing is read from the database whenever it
 * decides something (adding a product, an operator call), never remembered with the session, so the operator's
 * decision applies at once in every API process.
 */
export function createStoreService(deps: { repo: StoreRepository; transaction: Transaction; catalog: { invalidate(): void } }) {
  const { repo, transaction, catalog } = deps;

  return {
    /** The signed-in store as the seller area shows it; null when the row is gone. */
    async self(sellerId: string): Promise<SellerSelfDto | null> {
      const row = await repo.find(sellerId);
      return row ? toSellerSelfDto(row) : null;
    },

    async isOperator(sellerId: string): Promise<boolean> {
      return (await repo.standing(sellerId))?.isOperator ?? false;
    },

    /** 403 unless the store may put new products up: a rejected store may sign in and read why, not sell. */
    async assertMayAddProducts(sellerId: string): Promise<void> {
      const standing = await repo.standing(sellerId);
      if (!standing) throw storeNotFound();
      if (storeStatusFromDb(standing.status) === 'rejected') {
        throw forbidden('Your store application was rejected, so it cannot add products. See the reason on your seller page and contact the FreshCart team.');
      }
    },

    async list(status?: StoreStatus): Promise<StoreDto[]> {
      return (await repo.list(status ? storeStatusToDb(status) : undefined)).map(toStoreDto);
    },

    /**
     * The operator's decision on a store. Shoppers see the effect live: leaving `approved` announces each of its
     * products as removed, reaching it announces each as updated (both through the outbox, with the change), and the
     * store's own pages and the operator's hear of the new standing (`store.status_changed`).
     */
    async changeStatus(id: string, body: SellerStatusBody): Promise<StoreDto> {
      const row = await transaction(async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current) throw storeNotFound();
        const from = storeStatusFromDb(current.status);
        const to = body.status;
        if (from === to) throw conflict('status_unchanged', `This store is already ${to}`);
        if (current.isOperator && to !== 'approved') throw conflict('operator_store', "The platform's own store cannot be suspended or rejected");
        if (!canChangeStoreStatus(from, to)) throw conflict('invalid_store_transition', `A ${from} store cannot be ${to}`, { from, to });
        const updated = await repo.setStatus(tx, id, storeStatusToDb(to), to === 'approved' ? null : (body.reason ?? null));
        if (isSelling(from) !== isSelling(to)) {
          for (const productId of await repo.touchProducts(tx, id)) {
            if (isSelling(to)) await appendEvent(tx, 'stock.changed', { productId, reason: 'updated' });
            else await appendEvent(tx, 'product.removed', { productId });
          }
        }
        await appendEvent(tx, 'store.status_changed', { sellerId: id, from, to });
        return updated;
      });
      // This process's cached catalogue changes now; the others drop theirs as the product messages reach them.
      catalog.invalidate();
      return toStoreDto(row);
    },

    /** The store as it is now, or null when there is no such store. */
    async find(id: string): Promise<StoreDto | null> {
      const row = await repo.find(id);
      return row ? toStoreDto(row) : null;
    },

    async get(id: string): Promise<StoreDto> {
      const row = await repo.find(id);
      if (!row) throw storeNotFound();
      return toStoreDto(row);
    },
  };
}
export type StoreService = ReturnType<typeof createStoreService>;
