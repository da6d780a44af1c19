import type { CategoryPath } from '../../core/domain/categories';

/**
 * The demo marketplace's stores besides the operator's own ('FreshCart'): approved, with accounts nobody can sign in
 * to (their password hash matches no password). Each sells the categories listed; FreshCart sells the rest (the fresh
 * staples: vegetables, fruits and dairy), so the operator's demo board receives the orders shoppers most often place.
 */
export const demoStores: { storeName: string; name: string; email: string; categories: CategoryPath[] }[] = [
  { storeName: 'Bake House', name: 'Bake House team', email: 'bake-house@stores.freshcart.test', categories: ['Bakery', 'Grains'] },
  { storeName: 'Sip & Snack', name: 'Sip & Snack team', email: 'sip-and-snack@stores.freshcart.test', categories: ['Drinks', 'Instant'] },
];

/** Not a scrypt hash: no password ever verifies against it. */
export const NO_LOGIN = '!';
