import type { CategoryPath } from '../../core/domain/categories';

/**
 * The demo marketplace's stores besides the operator's own ('FreshCart'): approved, with accounts nobody can sign in
 * to (their password hash matches no password). Each sells the categories listed; FreshCart sells the rest.
 */
export const demoStores: { storeName: string; name: string; email: string; categories: CategoryPath[] }[] = [
  { storeName: 'Green Basket', name: 'Green Basket team', email: 'green-basket@stores.freshcart.test', categories: ['Vegetables', 'Fruits'] },
  { storeName: 'Daily Dairy', name: 'Daily Dairy team', email: 'daily-dairy@stores.freshcart.test', categories: ['Dairy', 'Bakery'] },
];

/** Not a scrypt hash: no password ever verifies against it. */
export const NO_LOGIN = '!';
