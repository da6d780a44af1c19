import type { AddressDto, AddressInput } from '../../contracts/http/addresses';
import { conflict, notFound } from '../../domain/errors';
import type { Transaction } from '../../infra/prisma';
import type { AddressRepository, AddressRow } from './address-repository';

/** Enough for home, work and family; a cap keeps one account from filling the table. */
export const MAX_ADDRESSES_PER_USER = 50;

const addressNotFound = () => notFound('address_not_found', 'Address not found');

export function toAddressDto({ id, ...rest }: AddressRow): AddressDto {
  return { _id: id, ...rest };
}

/** A shopper's saved delivery addresses. Input arrives validated and normalised by the HTTP schema. */
export function createAddressService(deps: { repo: AddressRepository; transaction: Transaction }) {
  const { repo, transaction } = deps;
  return {
    async list(userId: string): Promise<AddressDto[]> {
      return (await repo.list(userId)).map(toAddressDto);
    },

    async add(userId: string, input: AddressInput): Promise<AddressDto> {
      // Counted under the address book's lock, so 120 parallel adds cannot all see 49 and all insert.
      const row = await transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        return (await repo.count(tx, userId)) < MAX_ADDRESSES_PER_USER ? repo.create(tx, userId, input) : null;
      });
      if (!row) throw conflict('too_many_addresses', `You can save at most ${MAX_ADDRESSES_PER_USER} addresses; delete one first`);
      return toAddressDto(row);
    },

    async update(userId: string, id: string, input: AddressInput): Promise<AddressDto> {
      const row = await repo.update(userId, id, input);
      if (!row) throw addressNotFound();
      return toAddressDto(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw addressNotFound();
    },

    /** The user's own address, for placing an order; null for unknown ids and other users' addresses alike. */
    async findOwned(userId: string, id: string): Promise<AddressDto | null> {
      const row = await repo.findOwned(userId, id);
      return row ? toAddressDto(row) : null;
    },
  };
}
export type AddressService = ReturnType<typeof createAddressService>;
