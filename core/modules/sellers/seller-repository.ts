import type { Db, Prisma, Tx } from '../../infra/prisma';

export type SellerRow = { id: string; name: string; email: string; passwordHash: string };

const sellerRow = { id: true, name: true, email: true, passwordHash: true } as const;

export function createSellerRepository(db: Db) {
  return {
    findByEmail(email: string): Promise<SellerRow | null> {
      return db.seller.findUnique({ where: { email: email.toLowerCase() }, select: sellerRow });
    },

    /**
     * The operator's account, inserted or overwritten by email: two processes starting at once both end with the one
     * row (ON CONFLICT). It is always an approved store and the operator.
     */
    upsertOperator(seller: { name: string; storeName: string; email: string; passwordHash: string }): Promise<SellerRow> {
      return db.seller.upsert({
        where: { email: seller.email },
        create: { ...seller, status: 'APPROVED', isOperator: true },
        update: { passwordHash: seller.passwordHash, status: 'APPROVED', isOperator: true },
        select: sellerRow,
      });
    },

    /** A store that signed up itself: pending until the operator decides. A taken email throws the unique violation. */
    createPending(tx: Tx, seller: { name: string; storeName: string; email: string; phone: string; pickupAddress: Prisma.InputJsonValue; passwordHash: string }): Promise<SellerRow> {
      return tx.seller.create({ data: { ...seller, status: 'PENDING', isOperator: false }, select: sellerRow });
    },

    updatePasswordHash(id: string, passwordHash: string): Promise<unknown> {
      return db.seller.update({ where: { id }, data: { passwordHash }, select: { id: true } });
    },
  };
}
export type SellerRepository = ReturnType<typeof createSellerRepository>;
