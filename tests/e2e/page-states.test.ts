import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedProducts, OPERATOR_STORE } from './helpers/accounts';
import { launchBrowser, openPage, waitForLive } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { sellerLogin, sellerNavigate } from './helpers/flows';

describe('failed loads and a lost network are shown, and the page recovers (real Chromium)', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`a product list that fails to load says so and offers Retry (${viewport})`, async () => {
      const visitor = await openPage(browser, server.url, { viewport });
      const { page } = visitor;
      // The failed fetch and its error toast are what this test provokes.
      visitor.allow((p) => (p.kind === 'requestfailed' || p.kind === 'console') && /\/api\/product\/list$/.test(p.url ?? ''));
      await page.route(/\/api\/product\/list$/, (route) => route.abort('internetdisconnected'));

      await page.goto('/products');
      const failed = page.getByTestId('load-failed');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('Could not load products');
      expect(await page.getByText('No products available right now.').count()).toBe(0);
      await visitor.screenshot(`${viewport}-products-load-failed`);

      await page.unroute(/\/api\/product\/list$/);
      await failed.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('product-card').first().waitFor();
      expect(await failed.count()).toBe(0);
      expect(visitor.problems()).toEqual([]);
      await visitor.context.close();
    });
  }

  it("the seller's product list that fails to load offers Retry too", async () => {
    const seller = await openPage(browser, server.url, { viewport: 'mobile' });
    const { page } = seller;
    seller.allow((p) => (p.kind === 'requestfailed' || p.kind === 'console') && /\/api\/product\/seller-list$/.test(p.url ?? ''));
    await sellerLogin(page, server.config.seller);
    await page.route(/\/api\/product\/seller-list$/, (route) => route.abort('internetdisconnected'));
    await sellerNavigate(page, 'Product List');
    const failed = page.getByTestId('load-failed');
    await failed.waitFor();
    await seller.screenshot('mobile-seller-products-load-failed');
    await page.unroute(/\/api\/product\/seller-list$/);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('seller-product-row').first().waitFor();
    expect(seller.problems()).toEqual([]);
    await seller.context.close();
  });

  it('a socket that stops answering shows the indicator within 2 s; answering again, a change made meanwhile shows within 1 s', async () => {
    const visitor = await openPage(browser, server.url, { viewport: 'mobile' });
    const { page, context } = visitor;
    // The socket's path stalls without closing (a stuck proxy): while `stalled`, frames either way are lost.
    let stalled = false;
    await page.routeWebSocket(/\/ws$/, (socket) => {
      const upstream = socket.connectToServer();
      socket.onMessage((frame) => {
        if (!stalled) upstream.send(frame);
      });
      upstream.onMessage((frame) => {
        if (!stalled) socket.send(frame);
      });
    });
    await page.goto('/products');
    await waitForLive(page);
    const [product] = await listedProducts(context, OPERATOR_STORE);
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product!.name, exact: true }) });
    await card.waitFor();

    const indicator = page.getByTestId('live-indicator');
    const stalledAt = Date.now();
    stalled = true;
    await indicator.waitFor({ state: 'visible', timeout: 2_000 });
    expect(Date.now() - stalledAt).toBeLessThan(2_000);
    expect(await indicator.getAttribute('data-state')).toBe('offline');
    await visitor.screenshot('mobile-socket-silent');

    // Meanwhile the seller takes the product off sale; its live message is lost on the stalled path.
    await takeOffSale(product!._id);
    expect(await card.count()).toBe(1);

    const answeringAt = Date.now();
    stalled = false;
    await card.waitFor({ state: 'detached', timeout: 1_000 });
    expect(Date.now() - answeringAt).toBeLessThan(1_000);
    await indicator.waitFor({ state: 'hidden' });
    expect(await indicator.getAttribute('data-state')).toBe('online');
    expect(visitor.problems()).toEqual([]);
    await visitor.context.close();
  });

  it("pings as seldom as a busy server's heartbeat message asks, and stays online", async () => {
    const visitor = await openPage(browser, server.url, { viewport: 'mobile' });
    const { page } = visitor;
    // The page's own frames are counted on their way; after the hello, the server (as a process past its ping budget
    // would) tells the page to ping every 3 s.
    const pingsAt: number[] = [];
    await page.routeWebSocket(/\/ws$/, (socket) => {
      const upstream = socket.connectToServer();
      socket.onMessage((frame) => {
        if (String(frame).includes('"ping"')) pingsAt.push(Date.now());
        upstream.send(frame);
      });
      upstream.onMessage((frame) => {
        socket.send(frame);
        if (String(frame).includes('"hello"')) socket.send(JSON.stringify({ type: 'heartbeat', pingEveryMs: 3_000 }));
      });
    });
    await page.goto('/products');
    await waitForLive(page);
    const from = Date.now();
    await page.waitForTimeout(7_000);
    const pings = pingsAt.filter((at) => at >= from);
    // Every 3 s: two or three pings in 7 s, where every second would have been seven.
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(pings.length).toBeLessThanOrEqual(3);
    expect(await page.getByTestId('live-indicator').getAttribute('data-state')).toBe('online');
    expect(visitor.problems()).toEqual([]);
    await visitor.context.close();
  });

  it('going offline shows the indicator within 2 s; back online, a change made meanwhile shows within 1 s', async () => {
    const visitor = await openPage(browser, server.url, { viewport: 'mobile' });
    const { page, context } = visitor;
    await page.goto('/products');
    await page.getByTestId('product-card').first().waitFor();
    await waitForLive(page);
    const [product] = await listedProducts(context, OPERATOR_STORE);
    const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: product!.name, exact: true }) });
    await card.waitFor();

    // While offline, images the page had not fetched yet (the full-page screenshot scrolls to them) cannot load.
    visitor.allow((p) => /ERR_INTERNET_DISCONNECTED/.test(p.text) && /\.(svg|png|jpe?g|webp)$/.test(p.url ?? ''));
    const indicator = page.getByTestId('live-indicator');
    const offlineAt = Date.now();
    await context.setOffline(true);
    await indicator.waitFor({ state: 'visible', timeout: 2_000 });
    expect(Date.now() - offlineAt).toBeLessThan(2_000);
    expect(await indicator.getAttribute('data-state')).toBe('offline');
    await visitor.screenshot('mobile-offline');

    // While the shopper is offline the seller takes the product off sale.
    await takeOffSale(product!._id);

    const onlineAt = Date.now();
    await context.setOffline(false);
    await card.waitFor({ state: 'detached', timeout: 1_000 });
    expect(Date.now() - onlineAt).toBeLessThan(1_000);
    await indicator.waitFor({ state: 'hidden' });
    expect(visitor.problems()).toEqual([]);
    await visitor.context.close();
  });

  /** The seller takes a product off sale through the API (its own session, not the shopper's page). */
  async function takeOffSale(productId: string): Promise<void> {
    const login = await fetch(`${server.url}/api/seller/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.config.seller),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const off = await fetch(`${server.url}/api/product/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ id: productId, inStock: false }),
    });
    expect(off.status).toBe(200);
  }
});
