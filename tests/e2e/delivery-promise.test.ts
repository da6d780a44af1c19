import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, listedProducts, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, openPage, waitForLive } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { addToCart, checkout, newestOrder, orderCard, sellerLogin, sellerNavigate, sellerOrderRow } from './helpers/flows';

describe('a delivery promise (real Chromium, real server and workers)', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the seller dispatches with an ETA; the shopper sees "Arriving in" live, then promised against delivered', async () => {
    const shopper = await openPage(browser, server.url);
    await signUpThroughApi(shopper.context, { name: 'Meera' });
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
    expect(await orderCard(page, orderId).getByTestId('order-eta').count()).toBe(0);

    const seller = await openPage(browser, server.url);
    await sellerLogin(seller.page, server.config.seller);
    await sellerNavigate(seller.page, 'Orders');
    const row = sellerOrderRow(seller.page, orderId);
    await row.waitFor({ timeout: 10_000 });

    // The store's default is offered. An ETA the store cannot promise is refused in place: nothing is sent, the order
    // stays where it was, and the seller is told why.
    const eta = row.getByTestId('seller-order-eta');
    expect(await eta.inputValue()).toBe('10');
    const etaError = row.getByTestId('seller-order-eta-error');
    const statusChanges: string[] = [];
    seller.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/order/status')) statusChanges.push(request.postData() ?? '');
    });
    for (const typo of ['0', '2.5', '241', '']) {
      await eta.fill(typo);
      await row.getByTestId('seller-order-status-select').selectOption('On The Way');
      await etaError.waitFor();
      expect(await etaError.textContent()).toBe('Minutes must be a whole number from 1 to 240');
      expect(await eta.getAttribute('aria-invalid')).toBe('true');
      expect(await row.getAttribute('data-status')).toBe('Order Placed');
      expect(await row.getByTestId('seller-order-status-select').inputValue()).toBe('Order Placed');
    }
    await seller.screenshot('seller-eta-refused');
    expect(statusChanges).toEqual([]);

    // The seller gives their own estimate: the message goes, and On The Way is sent with it.
    await eta.fill('25');
    expect(await etaError.count()).toBe(0);
    await row.getByTestId('seller-order-status-select').selectOption('On The Way');
    await expect.poll(() => statusChanges.length).toBe(1);
    expect(JSON.parse(statusChanges[0]!)).toMatchObject({ status: 'On The Way', etaMinutes: 25 });

    // The shopper's page follows without a reload.
    const countdown = orderCard(page, orderId).getByTestId('order-eta');
    await expect.poll(() => countdown.textContent(), { timeout: 5_000, interval: 50 }).toMatch(/^Arriving in (24|25) min/);
    await expect.poll(() => row.getByTestId('seller-order-promise').textContent(), { timeout: 5_000 }).toMatch(/^Promised /);
    expect(await row.getAttribute('data-late')).toBeNull();
    await shopper.screenshot('order-arriving');

    // Delivered: the countdown gives way to the promised and the actual time.
    await row.getByTestId('seller-order-status-select').selectOption('Delivered');
    const promise = orderCard(page, orderId).getByTestId('order-promise');
    await expect.poll(() => promise.textContent(), { timeout: 5_000, interval: 50 }).toMatch(/^Promised .+ · Delivered /);
    expect(await countdown.count()).toBe(0);

    expect(seller.problems()).toEqual([]);
    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
    await Promise.all([seller.context.close(), shopper.context.close()]);
  });
});
