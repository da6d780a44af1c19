import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, listedProducts, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, markDocument, openPage, waitForLive } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import {
  addAddressFromCart,
  addToCart,
  checkout,
  expectCartCount,
  newestOrder,
  orderCard,
  registerInModal,
  sellerLogin,
  sellerNavigate,
  sellerOrderRow,
  toastWithText,
  uniqueEmail,
} from './helpers/flows';

describe('a shopper orders and a seller dispatches, live (real Chromium, real server and workers)', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a visitor fills a cart, registers in the login modal keeping the cart, adds an address and places a COD order', async () => {
    const shopper = await openPage(browser, server.url);
    const { page } = shopper;

    await page.goto('/products');
    await addToCart(page, 'Potato 500g');
    await addToCart(page, 'Banana Robusta 6 pcs');
    await page.getByRole('button', { name: 'Add one more Potato 500g' }).click();
    await expectCartCount(page, 3);

    await registerInModal(page, { name: 'Asha Verma', email: uniqueEmail('asha'), password: 'correct-horse-42' });
    await page.waitForURL(`${server.url}/`);
    await expectCartCount(page, 3);
    // Kept on the server too (merged at registration), not just in this tab's local storage.
    await page.reload();
    await expectCartCount(page, 3);

    await page.getByRole('link', { name: /^Cart, 3 items$/ }).click();
    await page.getByRole('heading', { name: /Shopping Cart/ }).waitFor();
    // No Change that hides the way to add one: Add address is offered, and Place Order without it points there.
    await page.getByRole('link', { name: 'Add new address', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Change' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await toastWithText(page, 'Please select an address').waitFor();
    await page.getByText('Add a delivery address to place your order.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add new address');
    await addAddressFromCart(page);
    await shopper.screenshot('journey-cart');

    await checkout(page, 'COD');
    const order = newestOrder(page);
    await expect.poll(() => order.getByTestId('order-status').textContent(), { timeout: 10_000 }).toBe('Order Placed');
    expect(await order.getByTestId('order-paid').textContent()).toBe('Pay on delivery');
    expect(await order.getByTestId('order-amount').textContent()).toBe('₹88'); // 2 × ₹22 + ₹42 + ₹2 platform fee
    await expectCartCount(page, 0);
    await shopper.screenshot('journey-my-orders');

    expect(shopper.problems()).toEqual([]);

    expect(server.errors()).toEqual([]);
    await shopper.context.close();
  });

  it('a new order appears on the seller board without reload; "On The Way" reaches the shopper within 2 s', async () => {
    // The seller, in their own browser context, watches the board before the order exists.
    const seller = await openPage(browser, server.url);
    await sellerLogin(seller.page, server.config.seller);
    await sellerNavigate(seller.page, 'Orders');
    await seller.page.getByRole('heading', { name: 'Orders List' }).waitFor();
    await waitForLive(seller.page);
    const sellerDocument = await markDocument(seller.page);

    // A shopper with an address and a cart places a COD order in the UI.
    const shopper = await openPage(browser, server.url);
    await signUpThroughApi(shopper.context, { name: 'Ravi' });
    await addAddressThroughApi(shopper.context);
    const { page } = shopper;
    await page.goto('/products/dairy');
    const [milk] = (await listedProducts(shopper.context)).filter((p) => p.category === 'Dairy');
    await addToCart(page, milk!.name);
    await page.getByRole('link', { name: /^Cart, 1 item$/ }).click();
    await page.getByTestId('selected-address').filter({ hasText: 'MG Road' }).waitFor();
    await checkout(page, 'COD');
    const order = newestOrder(page);
    await order.waitFor();
    const orderId = (await order.getAttribute('data-order-id'))!;
    await waitForLive(page);
    const shopperDocument = await markDocument(page);

    // The board shows it without a reload, highlighted as new.
    const row = sellerOrderRow(seller.page, orderId);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-new')).toBe('true');
    expect(await row.getByText(milk!.name).count()).toBe(1);
    expect(await sellerDocument()).toBe(true);
    await seller.screenshot('seller-board-new-order');

    // The seller marks it On The Way; the shopper's page follows within 2 s, still the same document.
    const changedAt = Date.now();
    await row.getByTestId('seller-order-status-select').selectOption('On The Way');
    await expect
      .poll(() => orderCard(page, orderId).getByTestId('order-status').textContent(), { timeout: 2_000, interval: 50 })
      .toBe('On The Way');
    const latencyMs = Date.now() - changedAt;
    expect(latencyMs).toBeLessThan(2_000);
    expect(await shopperDocument()).toBe(true);
    expect(await row.getByTestId('seller-order-status').textContent()).toBe('On The Way');
    // Forward only: Order Placed can no longer be chosen.
    expect(await row.locator('option[value="Order Placed"]').isDisabled()).toBe(true);

    expect(seller.problems()).toEqual([]);
    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
    await Promise.all([seller.context.close(), shopper.context.close()]);
  });
});
