import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, markDocument, openPage, waitForLive, type Shopper } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { createPrisma } from '../../core/infra/prisma';
import { addToCart, checkout, expectCartCount, newestOrder, orderCard, toastWithText } from './helpers/flows';

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

/** After a successful payment: its confirmation screen, until it says "Paid", then on to My Orders. */
async function viewMyOrdersOncePaid(page: Page): Promise<void> {
  await page.waitForURL('**/order-placed');
  const confirmation = page.getByTestId('order-placed');
  await expect.poll(() => confirmation.getByTestId('placed-order-payment').textContent(), { timeout: 10_000 }).toBe('Paid');
  await confirmation.getByRole('link', { name: 'View My Orders' }).click();
  await page.waitForURL('**/my-orders');
}

describe('online payment through the simulated gateway (real Chromium, real server and workers)', () => {
  let server: E2eServer;
  let browser: Browser;
  let shopper: Shopper;

  beforeAll(async () => {
    // The reconciler looks every second and waits no grace for a payment in progress, so an expiry shows at once.
    [server, browser] = await Promise.all([startE2eServer({ RECONCILE_EVERY_SECONDS: '1', PAYMENT_GRACE_MINUTES: '0' }), launchBrowser()]);
    shopper = await openPage(browser, server.url);
    await signUpThroughApi(shopper.context, { name: 'Meera' });
    await addAddressThroughApi(shopper.context);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a paid order shows its confirmation screen, "Payment confirming…" then "Paid", and is Order Placed (paid) on My Orders, without reload', async () => {
    const { page } = shopper;
    // The order's news is held back until the confirming state has been seen: the socket's order updates, and the
    // orders snapshot the confirmation screen fetches. Everything else passes.
    let holding = true;
    const heldFrames: (() => void)[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.routeWebSocket(/\/ws$/, (socket) => {
      const upstream = socket.connectToServer();
      upstream.onMessage((frame) => {
        if (holding && String(frame).includes('"order.updated"')) heldFrames.push(() => socket.send(frame));
        else socket.send(frame);
      });
    });
    await cartWith(page, 'fruits', 'Banana Robusta 6 pcs');

    const { orderId, dialog } = await startOnlinePayment(page);
    const order = orderCard(page, orderId);
    expect(await order.getByTestId('order-status').textContent()).toBe('Pending');
    expect(await order.getByTestId('order-paid').textContent()).toBe('Not paid');
    expect(await dialog.textContent()).toContain('₹44'); // ₹42 + ₹2 platform fee
    await shopper.screenshot('test-checkout');
    await waitForLive(page);
    const sameDocument = await markDocument(page);
    await page.route(/\/api\/order\/user$/, async (route) => {
      if (holding) await released;
      await route.continue();
    });

    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL('**/order-placed');
    const confirmation = page.getByTestId('order-placed');
    await confirmation.waitFor();
    expect(await confirmation.getByTestId('placed-order-id').textContent()).toMatch(/^OD/);
    expect(await confirmation.getByRole('listitem').filter({ hasText: 'Banana Robusta 6 pcs × 1' }).count()).toBe(1);
    expect(await confirmation.getByTestId('placed-order-amount').textContent()).toBe('₹44');
    expect(await confirmation.getByTestId('placed-order-payment').textContent()).toBe('Payment confirming…');
    await shopper.screenshot('online-order-confirming');

    // Verification runs in a worker; the page learns the outcome from the socket.
    holding = false;
    release();
    for (const send of heldFrames) send();
    await expect.poll(() => confirmation.getByTestId('placed-order-payment').textContent(), { timeout: 10_000 }).toBe('Paid');
    await shopper.screenshot('online-order-paid');
    await page.unroute(/\/api\/order\/user$/);

    await confirmation.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL('**/my-orders');
    expect(await order.getByTestId('order-status').textContent()).toBe('Order Placed');
    expect(await order.getByTestId('order-paid').textContent()).toBe('Paid');
    expect(await sameDocument()).toBe(true);

    expect(shopper.problems()).toEqual([]);

    expect(server.errors()).toEqual([]);
  });

  it('one payment for a two-store cart: the confirmation lists each store’s order, then says "Paid" for the checkout', async () => {
    const page = (await openPage(browser, server.url)).page;
    await signUpThroughApi(page.context(), { name: 'Farah' });
    await addAddressThroughApi(page.context());
    // Both from one page: a reload in between could outrun the cart's save of the first.
    await page.goto('/products');
    await addToCart(page, 'Banana Robusta 6 pcs');
    await addToCart(page, 'Whole Wheat Brown Bread 400g');
    await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
    await page.getByTestId('selected-address').filter({ hasText: 'MG Road' }).waitFor();
    await checkout(page, 'Online');
    const dialog = page.getByTestId('test-checkout');
    await dialog.getByText('Test mode').waitFor();
    // One gateway order for both stores: ₹42 + ₹50 + the ₹2 platform fee once.
    expect(await dialog.textContent()).toContain('₹94');

    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    await page.waitForURL('**/order-placed');
    const confirmation = page.getByTestId('order-placed');
    await expect.poll(() => confirmation.getByTestId('placed-order').count(), { timeout: 10_000 }).toBe(2);
    expect(await confirmation.getByTestId('placed-checkout-id').textContent()).toMatch(/^CK/);
    expect(await confirmation.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      expect.stringMatching(/^FreshCart · Order OD/),
      expect.stringMatching(/^Bake House · Order OD/),
    ]);
    expect(await confirmation.getByTestId('placed-order-amount').textContent()).toBe('₹94');
    await expect.poll(() => confirmation.getByTestId('placed-order-payment').textContent(), { timeout: 10_000 }).toBe('Paid');
    await page.context().close();
  });

  it('pay, fail, pay again: a failed try leaves the order Pending with "Pay now" and a countdown; paying then places it', async () => {
    const { page } = shopper;
    await cartWith(page, 'dairy', 'Fresh Paneer 200g');

    const { orderId, dialog } = await startOnlinePayment(page);
    const order = orderCard(page, orderId);
    expect(await order.getByTestId('order-status').textContent()).toBe('Pending');
    await waitForLive(page);
    const sameDocument = await markDocument(page);

    await dialog.getByRole('button', { name: 'Fail payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toastWithText(page, 'Payment failed. Please try again.').waitFor();
    // As with real Checkout, a failed try does not end the order: it waits for another try until it expires.
    expect(await order.getByTestId('order-status').textContent()).toBe('Pending');
    // 15 minutes to pay, of which the last 3 are too short for Checkout to open (core/domain/payment-window.ts).
    expect(await order.getByTestId('order-expiry').textContent()).toMatch(/^Pay within 1[12]:\d\d or the order is cancelled$/);
    // One message for the shopper, though both the page and the server's payment.failed announce it.
    expect(await page.getByTestId('toast').filter({ hasText: 'Payment failed' }).count()).toBe(1);
    // The cart is kept until the order is placed for good.
    await expectCartCount(page, 1);

    await order.getByTestId('order-pay-now').click();
    await dialog.getByText('Test mode').waitFor();
    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await viewMyOrdersOncePaid(page);
    await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Order Placed');
    expect(await order.getByTestId('order-paid').textContent()).toBe('Paid');
    expect(await order.getByTestId('order-pay-now').count()).toBe(0);
    await expectCartCount(page, 0);
    expect(await sameDocument()).toBe(true);

    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
  });

  it('cancel and refund: a paid order cancelled by the shopper shows its refund pending, then refunded, live', async () => {
    const { page } = shopper;
    await cartWith(page, 'fruits', 'Shimla Apple 1kg');
    const { orderId, dialog } = await startOnlinePayment(page);
    const order = orderCard(page, orderId);
    await waitForLive(page);
    const sameDocument = await markDocument(page);
    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    await viewMyOrdersOncePaid(page);
    await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Order Placed');
    const amount = (await order.getByTestId('order-amount').textContent())!;

    await order.getByTestId('order-cancel').click();
    await order.getByTestId('order-cancel-reason').fill('Ordered twice by mistake');
    await order.getByTestId('order-cancel-confirm').click();
    await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Cancelled');
    await expect.poll(() => order.getByTestId('order-refund').getAttribute('data-refund-status'), { timeout: 10_000 }).toBe('processed');
    expect(await order.getByTestId('order-refund').textContent()).toBe(`Refunded ${amount}`);
    expect(await order.getByTestId('order-cancel').count()).toBe(0);
    expect(await sameDocument()).toBe(true);

    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
  });

  it('a late capture: a UPI request approved after the order expired and its stock was sold is refunded, live', async () => {
    const { page } = shopper;
    await cartWith(page, 'fruits', 'Alphonso Mango 1kg');
    const { orderId, dialog } = await startOnlinePayment(page);
    const order = orderCard(page, orderId);
    await waitForLive(page);
    const sameDocument = await markDocument(page);

    await dialog.getByRole('button', { name: 'Pay by UPI request (approve later)' }).click();
    await dialog.getByRole('button', { name: 'Approve UPI request' }).waitFor();

    // The shopper takes too long: the order passes its expiry, the reconciler cancels it and frees the mango, and
    // another shopper buys the last ones.
    const db = createPrisma(server.config.databaseUrl, { max: 1 });
    try {
      const longAgo = new Date(Date.now() - 60 * 60_000);
      const { checkoutId } = await db.order.update({ where: { id: orderId }, data: { createdAt: longAgo, expiresAt: longAgo } });
      await db.checkout.update({ where: { id: checkoutId }, data: { createdAt: longAgo } });
      await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 15_000 }).toBe('Cancelled');
      const productId = (await db.orderItem.findFirstOrThrow({ where: { orderId } })).productId;
      await db.product.update({ where: { id: productId }, data: { stockQuantity: 0, inStock: false } });
    } finally {
      await db.$disconnect();
    }

    await dialog.getByRole('button', { name: 'Approve UPI request' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => order.getByTestId('order-refund').getAttribute('data-refund-status'), { timeout: 20_000 }).toBe('processed');
    expect(await order.getByTestId('order-status').textContent()).toBe('Cancelled');
    expect(await sameDocument()).toBe(true);

    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
  });
});
