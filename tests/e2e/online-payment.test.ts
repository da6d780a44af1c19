import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, markDocument, openPage, waitForLive, type Shopper } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { addToCart, checkout, newestOrder, toastWithText } from './helpers/flows';

/** Puts one product in the cart from its category page and goes to /cart (the address was added through the API). */
async function cartWith(page: Page, category: string, productName: string): Promise<void> {
  await page.goto(`/products/${category}`);
  await addToCart(page, productName);
  await page.getByRole('link', { name: /^Cart, 1 item$/ }).click();
  await page.getByTestId('selected-address').filter({ hasText: 'MG Road' }).waitFor();
}

/** Pays online and returns the new order's id once the simulated gateway's test checkout is open over /my-orders. */
async function startOnlinePayment(page: Page): Promise<{ orderId: string; dialog: ReturnType<Page['getByTestId']> }> {
  await checkout(page, 'Online');
  const dialog = page.getByTestId('test-checkout');
  await dialog.getByText('Test mode').waitFor();
  const order = newestOrder(page);
  await order.waitFor();
  return { orderId: (await order.getAttribute('data-order-id'))!, dialog };
}

describe('online payment through the simulated gateway (real Chromium, real server and workers)', () => {
  let server: E2eServer;
  let browser: Browser;
  let shopper: Shopper;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    shopper = await openPage(browser, server.url);
    await signUpThroughApi(shopper.context, { name: 'Meera' });
    await addAddressThroughApi(shopper.context);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a paid order goes Pending → Order Placed (paid) on /my-orders without reload', async () => {
    const { page } = shopper;
    await cartWith(page, 'fruits', 'Banana Robusta 6 pcs');

    const { orderId, dialog } = await startOnlinePayment(page);
    const order = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    expect(await order.getByTestId('order-status').textContent()).toBe('Pending');
    expect(await order.getByTestId('order-paid').textContent()).toBe('Not paid');
    expect(await dialog.textContent()).toContain('₹44'); // ₹42 + ₹2 platform fee
    await shopper.screenshot('test-checkout');
    await waitForLive(page);
    const sameDocument = await markDocument(page);

    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Verification runs in a worker; the page learns the outcome from the socket.
    await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Order Placed');
    expect(await order.getByTestId('order-paid').textContent()).toBe('Paid');
    expect(await sameDocument()).toBe(true);

    expect(shopper.problems()).toEqual([]);

    expect(server.errors()).toEqual([]);
  });

  it('a failed payment shows "Payment failed. Please try again." and the order ends Cancelled', async () => {
    const { page } = shopper;
    await cartWith(page, 'dairy', 'Fresh Paneer 200g');

    const { orderId, dialog } = await startOnlinePayment(page);
    const order = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
    expect(await order.getByTestId('order-status').textContent()).toBe('Pending');
    await waitForLive(page);
    const sameDocument = await markDocument(page);

    await dialog.getByRole('button', { name: 'Fail payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toastWithText(page, 'Payment failed. Please try again.').waitFor();
    await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Cancelled');
    expect(await order.getByTestId('order-paid').textContent()).toBe('Not paid');
    // One message for the shopper, though both the page and the server's payment.failed announce it.
    expect(await page.getByTestId('toast').filter({ hasText: 'Payment failed' }).count()).toBe(1);
    expect(await sameDocument()).toBe(true);

    expect(shopper.problems()).toEqual([]);

    expect(server.errors()).toEqual([]);
  });
});
