import type { AddressInput } from '../../contracts/http/addresses';
import type { Db } from '../../infra/prisma';

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

    count(userId: string): Promise<number> {
      return db.address.count({ where: { userId } });
    },

    create(userId: string, input: AddressInput): Promise<AddressRow> {
      return db.address.create({ data: { userId, ...input }, select: fields });
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
