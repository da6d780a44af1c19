import type { BrowserContext } from 'playwright-core';
import { SAMPLE_ADDRESS, uniqueEmail, type AddressValues } from './flows';

/**
 * Shortcuts through the API for what a test needs but does not test (the journey test walks the same steps in the
 * UI). `context.request` shares the browser context's cookies, so the session lands in the browser.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  person: { name: string; email?: string; password?: string; cartItems?: Record<string, number> },
): Promise<{ userId: string; email: string }> {
  const email = person.email ?? uniqueEmail(person.name.toLowerCase());
  const reply = await context.request.post('/api/user/register', {
    data: { name: person.name, email, password: person.password ?? 'correct-horse-42', cartItems: person.cartItems ?? {} },
  });
  if (!reply.ok()) throw new Error(`register failed: ${reply.status()} ${await reply.text()}`);
  const body = (await reply.json()) as { user: { _id: string } };
  return { userId: body.user._id, email };
}

export async function addAddressThroughApi(context: BrowserContext, address: AddressValues = SAMPLE_ADDRESS): Promise<string> {
  const reply = await context.request.post('/api/address/add', { data: { address: { ...address, country: 'India' } } });
  if (!reply.ok()) throw new Error(`address add failed: ${reply.status()} ${await reply.text()}`);
  return ((await reply.json()) as { address: { _id: string } }).address._id;
}

/** The shopper list's products as the API serves them (ids for carts, names for clicks). */
export type ListedProduct = { _id: string; name: string; category: string; seller: { id: string; storeName: string } };

/** The store the configured seller account signs in to: the operator's own, which sells the fresh staples. */
export const OPERATOR_STORE = 'FreshCart';

/** The catalogue as a shopper reads it, optionally only one store's products (e.g. those the signed-in seller may change). */
export async function listedProducts(context: BrowserContext, storeName?: string): Promise<ListedProduct[]> {
  const reply = await context.request.get('/api/product/list');
  const { products } = (await reply.json()) as { products: ListedProduct[] };
  return storeName ? products.filter((p) => p.seller.storeName === storeName) : products;
}
