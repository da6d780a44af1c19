import type { Prisma } from '../../core/infra/prisma';
import type { TestContext } from './build-app';
import { createStore } from './factories';

/** A store row (approved unless told) with a live seller session: the `seller_sid` cookie its browser holds. */
export async function storeWithSession(ctx: TestContext, overrides: Partial<Prisma.SellerUncheckedCreateInput> = {}) {
  const store = await createStore(ctx.db, overrides);
  const { token } = await ctx.services.sessions.create({ sellerId: store.id });
  return { store, sellerId: store.id, cookie: `seller_sid=${token}`, token };
}

/** A valid "Become Seller" body; `email` differs on every call. */
export function sellerRegisterBody(overrides: Record<string, unknown> = {}) {
  return {
    storeName: 'Nilgiri Naturals',
    name: 'Kavya Menon',
    email: `kavya-${Math.random().toString(36).slice(2, 10)}@example.in`,
    phone: '98470 12345',
    password: 'store-password-1',
    address: {
      firstName: 'Kavya',
      lastName: 'Menon',
      email: 'kavya@example.in',
      street: '7 Commercial Street',
      city: 'Ooty',
      state: 'Tamil Nadu',
      zipcode: '643001',
      country: 'India',
      phone: '9847012345',
    },
    ...overrides,
  };
}
