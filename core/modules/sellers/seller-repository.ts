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

    /** The operator's account whatever its email: the one row with `isOperator`. */
    findOperator(): Promise<SellerRow | null> {
      return db.seller.findFirst({ where: { isOperator: true }, select: sellerRow, orderBy: { createdAt: 'asc' } });
    },

    /** The operator's account signs in with a new email and password from now on; its store, products and orders stay. */
    moveOperator(id: string, login: { email: string; passwordHash: string }): Promise<SellerRow> {
      return db.seller.update({ where: { id }, data: { ...login, status: 'APPROVED', isOperator: true }, select: sellerRow });
    },

    /** Every other account that was the operator stops being it; answers their ids. */
    async demoteOperatorsBut(id: string): Promise<string[]> {
      const rows = await db.seller.updateManyAndReturn({ where: { isOperator: true, id: { not: id } }, data: { isOperator: false }, select: { id: true } });
      return rows.map((r) => r.id);
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
