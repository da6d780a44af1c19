import type { AddressInput } from '../../contracts/http/addresses';
import type { Db, Tx } from '../../infra/prisma';

const fields = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  street: true,
  city: true,
  state: true,
  zipcode: true,
  country: true,
  phone: true,
} as const;

export type AddressRow = { id: string } & AddressInput;

/** Every query is scoped by user id: another user's address is indistinguishable from one that does not exist. */
export function createAddressRepository(db: Db) {
  return {
    list(userId: string): Promise<AddressRow[]> {
      return db.address.findMany({ where: { userId }, select: fields, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
    },

    findOwned(userId: string, id: string): Promise<AddressRow | null> {
      return db.address.findFirst({ where: { id, userId }, select: fields });
    },

    /**
     * Holds, until the transaction ends, a lock on this user's address book (a transaction-scoped advisory lock keyed
     * on the user id), so parallel adds for one user count one after another. Other users are not blocked.
     */
    async lockAddressBook(tx: Tx, userId: string): Promise<void> {
      await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`;
    },

    count(tx: Tx, userId: string): Promise<number> {
      return tx.address.count({ where: { userId } });
    },

    create(tx: Tx, userId: string, input: AddressInput): Promise<AddressRow> {
      return tx.address.create({ data: { userId, ...input }, select: fields });
    },

    /** Null when the address is not this user's. */
    async update(userId: string, id: string, input: AddressInput): Promise<AddressRow | null> {
      const { count } = await db.address.updateMany({ where: { id, userId }, data: input });
      return count === 0 ? null : this.findOwned(userId, id);
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const { count } = await db.address.deleteMany({ where: { id, userId } });
      return count > 0;
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
