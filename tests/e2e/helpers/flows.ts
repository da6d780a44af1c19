import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Steps a person takes in the UI, named for what they do. Each waits for the page to show that it happened. */

export function uniqueEmail(who: string): string {
  return `${who}-${randomBytes(4).toString('hex')}@example.in`;
}

export function cartCount(page: Page): Locator {
  return page.getByTestId('cart-count');
}

/** Waits until the navbar's cart badge shows `count`. */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => cartCount(page).textContent(), { timeout: 10_000 }).toBe(String(count));
}

/** Clicks a product card's Add button (the card must be on screen: /products or a category page). */
export async function addToCart(page: Page, productName: string): Promise<void> {
  await page.getByRole('button', { name: `Add ${productName} to cart`, exact: true }).click();
  await page.getByRole('group', { name: `${productName} quantity`, exact: true }).waitFor();
}

export async function registerInModal(page: Page, person: { name: string; email: string; password: string }): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const modal = page.getByTestId('login-modal');
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Create an account' }).click();
  await modal.getByLabel('Name').fill(person.name);
  await modal.getByLabel('Email').fill(person.email);
  await modal.getByLabel('Password').fill(person.password);
  await modal.getByRole('button', { name: 'Create Account' }).click();
  await modal.waitFor({ state: 'hidden' });
  await page.getByTestId('profile-menu').waitFor();
}

export type AddressValues = {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
};

export const SAMPLE_ADDRESS: AddressValues = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha.verma@example.in',
  street: '14 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560038',
  phone: '9876543210',
};

/**
 * From the cart of a shopper with no address yet: Add address → the /add-address form → back on /cart with it
 * selected.
 */
export async function addAddressFromCart(page: Page, address: AddressValues = SAMPLE_ADDRESS): Promise<void> {
  await page.getByRole('link', { name: 'Add new address', exact: true }).click();
  await page.waitForURL('**/add-address');
  const form = page.getByRole('form', { name: 'Add address' });
  await form.getByLabel('First name').fill(address.firstName);
  await form.getByLabel('Last name').fill(address.lastName);
  await form.getByLabel('Email address').fill(address.email);
  await form.getByLabel('Street').fill(address.street);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('State').fill(address.state);
  await form.getByLabel('PIN code').fill(address.zipcode);
  await form.getByLabel('Phone').fill(address.phone);
  await form.getByRole('button', { name: 'Save address' }).click();
  await page.waitForURL('**/cart');
  await expect.poll(() => page.getByTestId('selected-address').textContent(), { timeout: 10_000 }).toContain(address.street);
}

/**
 * On /cart: picks the payment method and presses the order button; resolves once /my-orders is shown. A cash order
 * passes through its confirmation screen first, left with "View My Orders".
 */
export async function checkout(page: Page, method: 'COD' | 'Online'): Promise<void> {
  await page.getByRole('radio', { name: method === 'COD' ? 'Cash On Delivery' : 'Online Payment' }).check();
  await page.getByRole('button', { name: method === 'COD' ? 'Place Order' : 'Pay with Razorpay' }).click();
  if (method === 'COD') {
    await page.getByRole('heading', { level: 1, name: 'Order placed' }).waitFor();
    await page.getByRole('link', { name: 'View My Orders' }).click();
  }
  await page.waitForURL('**/my-orders');
}

/** The newest order card on /my-orders (orders are listed newest first). */
export function newestOrder(page: Page): Locator {
  return page.getByTestId('order-card').first();
}

export function orderCard(page: Page, orderId: string): Locator {
  return page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
}

export async function sellerLogin(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto('/seller');
  const form = page.getByRole('form', { name: 'Seller Login' });
  await form.getByLabel('Email').fill(credentials.email);
  await form.getByLabel('Password').fill(credentials.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Hi! Admin').waitFor();
}

/** A click on a link in the seller's sidebar (client-side navigation: the socket and the stores stay). */
export async function sellerNavigate(page: Page, label: 'Add Product' | 'Product List' | 'Orders'): Promise<void> {
  // The link's name may go on with a count ("Orders 2 new"), and the operator also has "All Orders".
  await page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: new RegExp(`^${label}\\b`) }).click();
}

export function sellerOrderRow(page: Page, orderId: string): Locator {
  return page.locator(`[data-testid="seller-order-row"][data-order-id="${orderId}"]`);
}

export function toastWithText(page: Page, text: string): Locator {
  return page.getByTestId('toast').filter({ hasText: text }).first();
}
