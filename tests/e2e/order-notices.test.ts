import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, listedProducts, OPERATOR_STORE, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, openPage, waitForLive } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { orderCard, toastWithText } from './helpers/flows';

describe('a shopper notices their orders move, on any page and in other tabs (real Chromium)', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function sellerCookie(): Promise<string> {
    const login = await fetch(`${server.url}/api/seller/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.config.seller),
    });
    return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`an order placed in another tab appears on My Orders; its status change is a toast elsewhere and a notification when hidden (${viewport})`, async () => {
      const shopper = await openPage(browser, server.url, { viewport });
      const { page, context } = shopper;
      await signUpThroughApi(context, { name: 'Leela' });
      const address = await addAddressThroughApi(context);
      const [product] = await listedProducts(context, OPERATOR_STORE);

      // Notifications allowed; the page's Notification is observed so the test can see what was shown.
      await context.addInitScript(() => {
        const shown: { title: string; body?: string }[] = [];
        (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
        const Real = window.Notification;
        // Recorded, then handed to the real one (which headless Chromium may refuse to display: that is not under test).
        const Observed = function (title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
          return new Real(title, options);
        } as unknown as typeof Notification;
        // The headless shell answers 'denied' whatever was granted, so the shopper's "allow" is stood in for here.
        Object.defineProperty(Observed, 'permission', { get: () => 'granted' });
        Observed.requestPermission = Real.requestPermission.bind(Real);
        window.Notification = Observed;
      });

      await page.goto('/my-orders');
      await page.getByText('You have not placed any orders yet.').or(page.getByTestId('order-card').first()).waitFor();
      await waitForLive(page);
      if (viewport === 'desktop') {
        // Escape closes the account menu and leaves focus on its button, not on the page body.
        await page.getByTestId('profile-menu').click();
        await page.getByRole('link', { name: 'My Orders' }).first().waitFor();
        await page.keyboard.press('Escape');
        expect(await page.getByTestId('profile-menu').getAttribute('aria-expanded')).toBe('false');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('profile-menu');
      }

      // Another tab of the same session places an order: it shows here without a reload.
      const placed = await context.request.post('/api/order/cod', {
        data: { items: [{ product: product!._id, quantity: 1 }], address },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(placed.status()).toBe(201);
      const order = (await placed.json()).order as { _id: string; orderId: string };
      await orderCard(page, order._id).waitFor({ timeout: 5_000 });
      await shopper.screenshot(`${viewport}-my-orders-live-new-order`);

      // On another page of the store, the seller's status change is announced as a toast.
      await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
      await page.getByRole('heading', { level: 1, name: 'About FreshCart' }).waitFor();
      const cookie = await sellerCookie();
      const moved = await fetch(`${server.url}/api/order/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ orderId: order._id, status: 'On The Way' }),
      });
      expect(moved.status).toBe(200);
      await toastWithText(page, `Order ${order.orderId} is on the way`).waitFor({ timeout: 5_000 });
      expect(await page.getByRole('status').filter({ hasText: `Order ${order.orderId} is on the way` }).count()).toBe(1);

      // With the tab hidden, the next change is also a browser notification.
      await page.evaluate(() => Object.defineProperty(document, 'hidden', { configurable: true, get: () => true }));
      await fetch(`${server.url}/api/order/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ orderId: order._id, status: 'Delivered' }),
      });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shownNotifications: { body?: string }[] }).shownNotifications))
        .toEqual([{ title: 'FreshCart', body: `Order ${order.orderId} was delivered` }]);

      expect(shopper.problems()).toEqual([]);
      expect(server.errors()).toEqual([]);
      await context.close();
    });
  }

  it('a session ended elsewhere (here: its cookie logged out from another device) signs the page out, saying why', async () => {
    const shopper = await openPage(browser, server.url, { viewport: 'desktop' });
    const { page, context } = shopper;
    await signUpThroughApi(context, { name: 'Meera' });
    await page.goto('/');
    await page.getByTestId('profile-menu').waitFor();
    await waitForLive(page);

    // The page keeps its cookie; the server forgets the session behind it and closes its socket.
    const session = (await context.cookies()).find((c) => c.name === 'sid')!;
    const ended = await fetch(`${server.url}/api/user/logout`, { headers: { cookie: `sid=${session.value}` } });
    expect(ended.status).toBe(200);

    await toastWithText(page, 'Your session has ended. Please login again.').waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'Login', exact: true }).first().waitFor();
    expect(await page.getByTestId('profile-menu').count()).toBe(0);
    await shopper.screenshot('session-ended-elsewhere');
    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
    await context.close();
  });
});
