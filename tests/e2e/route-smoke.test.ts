import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, OPERATOR_STORE, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, markDocument, openPage, VIEWPORTS, waitForLive, type Shopper } from './helpers/browser';
import { expectAccessible } from './helpers/axe';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { checkout, expectCartCount, newestOrder, sellerLogin, sellerNavigate } from './helpers/flows';

type Viewport = keyof typeof VIEWPORTS;

type Listed = { _id: string; name: string; category: string; price: number; offerPrice: number; seller: { storeName: string } };

/** The page's main heading (h1), for routes whose content starts with one. */
function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

/** A page must fit the screen: nothing wider than the viewport (360 px is the narrowest supported). */
async function expectNoHorizontalScroll(page: Page, route: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${route} is wider than the screen`).toBeLessThanOrEqual(widths.viewport);
}

/** Shopper chrome: navbar and footer everywhere but seller paths; the bottom bar on small screens. */
async function expectShopperChrome(page: Page, viewport: Viewport): Promise<void> {
  expect(await page.getByRole('banner').count()).toBe(1);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
  expect(await page.getByRole('navigation', { name: 'Quick' }).isVisible()).toBe(viewport === 'mobile');
  expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(viewport === 'desktop');
}

/**
 * Every route has a title of its own (tabs, history and screen readers tell pages apart by it), and headings go down
 * one level at a time from a single h1, so a screen reader's outline of the page has no holes.
 */
async function expectOwnTitleAndOrderedHeadings(page: Page, route: string, titles: Map<string, string>): Promise<void> {
  const title = await page.title();
  const sameTitle = [...titles].find(([, t]) => t === title)?.[0];
  expect(sameTitle, `${route} has the same title as ${sameTitle}: "${title}"`).toBeUndefined();
  titles.set(route, title);
  const levels = await page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => (h as HTMLElement).offsetParent !== null || getComputedStyle(h).position === 'fixed')
      .map((h) => Number(h.tagName[1])),
  );
  expect(levels.filter((l) => l === 1), `${route} has one h1`).toHaveLength(1);
  levels.forEach((level, i) => {
    const before = i === 0 ? 0 : levels[i - 1]!;
    expect(level - before, `${route}: heading ${i + 1} (h${level}) skips a level after h${before}`).toBeLessThanOrEqual(1);
  });
}

type RouteCheck = { path: string; screenshot?: string; check: (page: Page) => Promise<void> };

/** Opens each route as a deep link (a full load through the server's history fallback) and checks it. */
async function visitEach(visitor: Shopper, routes: RouteCheck[], viewport: Viewport): Promise<void> {
  const titles = new Map<string, string>();
  for (const route of routes) {
    await visitor.page.goto(route.path);
    await route.check(visitor.page);
    await expectShopperChrome(visitor.page, viewport);
    await expectNoHorizontalScroll(visitor.page, route.path);
    await expectOwnTitleAndOrderedHeadings(visitor.page, route.path, titles);
    if (route.screenshot) await visitor.screenshot(`${viewport}-${route.screenshot}`);
    else await expectAccessible(visitor.page, `${route.path} at ${viewport} width`);
    expect(visitor.problems(), route.path).toEqual([]);
  }
}

/** The shopping pages a visitor can open, with what each must show. */
function shopRoutes(products: Listed[]): RouteCheck[] {
  const fruit = products.find((p) => p.category === 'Fruits')!;
  const fruits = products.filter((p) => p.category === 'Fruits');
  return [
    {
      path: '/',
      screenshot: 'home',
      async check(page) {
        await heading(page, /Freshness You Can Trust/).waitFor();
        await page.getByRole('link', { name: 'Shop Now' }).waitFor();
        await page.getByRole('link', { name: 'Explore Deals' }).waitFor();
        expect(await page.getByTestId('category-tile').count()).toBe(7);
        const bestSellers = page.getByRole('list', { name: 'Best sellers' }).getByTestId('product-card');
        await bestSellers.first().waitFor();
        expect(await bestSellers.count()).toBe(10);
        for (const card of ['Fastest Delivery', 'Freshness Guaranteed', 'Affordable Prices', 'Trusted by Thousands']) {
          await page.getByRole('heading', { name: card }).waitFor({ state: 'attached' });
        }
      },
    },
    {
      path: '/products',
      screenshot: 'products',
      async check(page) {
        await heading(page, 'All Products').waitFor();
        await page.getByTestId('product-card').first().waitFor();
        expect(await page.getByTestId('product-card').count()).toBe(products.length);
      },
    },
    {
      path: '/products/fruits',
      async check(page) {
        await heading(page, 'FRESH FRUITS').waitFor();
        await page.getByTestId('product-card').first().waitFor();
        expect(await page.getByTestId('product-card').count()).toBe(fruits.length);
      },
    },
    {
      path: `/products/fruits/${fruit._id}`,
      screenshot: 'product-detail',
      async check(page) {
        await heading(page, fruit.name).waitFor();
        const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
        expect(await breadcrumb.textContent()).toContain('Fruits');
        await page.getByText('(4)', { exact: true }).first().waitFor();
        // The offer price is "MRP" only when it is the MRP; below it, the struck MRP and the saving show.
        const offer = await page.getByTestId('product-offer-price').textContent();
        if (fruit.price > fruit.offerPrice) {
          expect(offer).toMatch(/^Price: ₹/);
          expect(await page.getByTestId('product-saving').textContent()).toMatch(/^You save ₹[\d,.]+ \(\d+% off\)$/);
        } else {
          expect(offer).toMatch(/^MRP: ₹/);
        }
        await page.getByText('(inclusive of all taxes)').waitFor();
        await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
        await page.getByRole('button', { name: 'Buy now' }).waitFor();
        const related = await page.getByRole('list', { name: 'Related products' }).getByTestId('product-card').count();
        expect(related).toBe(Math.min(5, fruits.length - 1));
      },
    },
    {
      path: '/cart',
      async check(page) {
        await heading(page, 'Your cart is empty!').waitFor();
        await page.getByRole('main').getByRole('link', { name: 'Start Shopping' }).waitFor();
      },
    },
    {
      path: '/my-orders',
      async check(page) {
        await heading(page, 'My Orders').waitFor();
        await page.getByText('Please login to see your orders.').waitFor();
      },
    },
  ];
}

/** The static pages: contact, about, the six FAQs and the five policies. */
function infoRoutes(): RouteCheck[] {
  return [
    {
      path: '/contact',
      async check(page) {
        await heading(page, 'Contact Us').waitFor();
        await page.getByText('9:00 AM–8:00 PM IST', { exact: false }).first().waitFor();
      },
    },
    {
      path: '/about',
      async check(page) {
        await heading(page, 'About FreshCart').waitFor();
      },
    },
    {
      path: '/faqs',
      async check(page) {
        await heading(page, 'Frequently Asked Questions').waitFor();
        const questions = page.getByRole('main').locator('button[aria-expanded]');
        expect(await questions.count()).toBe(6);
        // An accordion: opening the second question closes the first.
        await questions.nth(1).click();
        expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
        expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
      },
    },
    ...(
      [
        ['privacy', 'Privacy Policy'],
        ['terms', 'Terms & Conditions'],
        ['refund', 'Refund Policy'],
        ['shipping', 'Shipping Policy'],
        ['vendor', 'Vendor Policy'],
      ] as const
    ).map(([slug, title]) => ({
      path: `/policy/${slug}`,
      async check(page: Page) {
        await heading(page, title).waitFor();
      },
    })),
  ];
}

describe('every route, at 360 px and desktop width (real Chromium, real server)', () => {
  let server: E2eServer;
  let browser: Browser;
  let products: Listed[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
    const reply = await fetch(`${server.url}/api/product/list`);
    products = ((await reply.json()) as { products: Listed[] }).products;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("after a deploy, a route whose code is gone reloads the page once instead of React Router's error screen", async () => {
    const visitor = await openPage(browser, server.url);
    const { page } = visitor;
    // The open page names hashed files a new deploy removed: while the first document lives, the info pages' chunk
    // (script and stylesheet) cannot be fetched; a reloaded document gets them.
    let documents = 0;
    let failed = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++;
    });
    await page.route(/\/assets\/info-pages-[^/]+\.(js|css)$/, (route) => {
      if (documents > 1) return route.continue();
      failed++;
      return route.abort();
    });
    // The failed fetches, and React Router reporting the error it caught, are what this test provokes.
    visitor.allow((p) => /\/assets\/info-pages-/.test(`${p.url ?? ''} ${p.text}`) && p.kind !== 'pageerror');

    await page.goto('/');
    await heading(page, /Freshness You Can Trust/).waitFor();
    const sameDocument = await markDocument(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();

    await heading(page, 'Contact Us').waitFor();
    expect(failed).toBeGreaterThan(0);
    expect(await sameDocument()).toBe(false); // reloaded, and the new document loaded the chunk
    expect(await page.getByText('Hey developer').count()).toBe(0);
    expect(visitor.problems()).toEqual([]);
    await visitor.context.close();
  });

  it('a loopback store opened at another loopback alias works: its calls and live updates are accepted', async () => {
    const alias = server.url.replace('127.0.0.1', 'localhost');
    expect(alias).not.toBe(server.url);
    const visitor = await openPage(browser, alias);
    const { page } = visitor;
    await page.goto('/');
    await waitForLive(page);
    // A state-changing call from this origin reaches the login check (401), not the origin check (403).
    visitor.allow((p) => p.url?.endsWith('/api/user/login') === true && /401/.test(p.text));
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }) });
      return res.status;
    });
    expect(status).toBe(401);
    expect(visitor.problems()).toEqual([]);
    await visitor.context.close();
  });

  describe.each(['mobile', 'desktop'] as Viewport[])('%s', (viewport) => {
    it('a visitor sees the shopping pages with their content, with no console errors or failed requests', async () => {
      const visitor = await openPage(browser, server.url, { viewport });
      const { page } = visitor;
      await visitEach(visitor, shopRoutes(products), viewport);

      // /loader?next=products: a spinner, then /products after 5 s (waited for once, on the desktop pass).
      const loaderOpened = Date.now();
      await page.goto('/loader?next=products');
      await page.getByRole('main').getByRole('status').filter({ hasText: 'Please wait' }).waitFor();
      if (viewport === 'desktop') {
        await page.waitForURL('**/products', { timeout: 7_000 });
        expect(Date.now() - loaderOpened).toBeGreaterThanOrEqual(4_500);
        await heading(page, 'All Products').waitFor();
      }

      // An unknown product id, category or path shows a not-found page with a way back (the lookup's 404 is expected).
      const unknownProduct = `/api/product/${randomUUID()}`;
      visitor.allow((p) => p.url?.endsWith(unknownProduct) === true && /404/.test(p.text));
      const lookup = page.waitForResponse((r) => r.url().endsWith(unknownProduct));
      await page.goto(`/products/fruits/${unknownProduct.split('/').pop()}`);
      expect((await lookup).status()).toBe(404);
      await heading(page, 'Product not found').waitFor();
      expect(await page.title()).toBe('Product not found · FreshCart');
      await visitor.screenshot(`${viewport}-product-not-found`);

      await page.goto('/products/toys');
      await heading(page, 'Category not found').waitFor();
      await page.goto('/no-such-page');
      await heading(page, 'Page not found').waitFor();
      expect(page.url()).toBe(`${server.url}/no-such-page`);
      await visitor.screenshot(`${viewport}-page-not-found`);
      await page.getByRole('main').getByRole('link', { name: 'Go to Home' }).click();
      await heading(page, /Freshness You Can Trust/).waitFor();

      expect(visitor.problems()).toEqual([]);
      expect(server.errors()).toEqual([]);
      await visitor.context.close();
    });

    it('a visitor sees the information pages, the login overlay and the seller login, with no errors', async () => {
      const visitor = await openPage(browser, server.url, { viewport });
      const { page } = visitor;
      await visitEach(visitor, infoRoutes(), viewport);

      // The e2e store takes test payments (the simulated gateway): every visitor is told so.
      await page.goto('/');
      await page.getByTestId('test-mode-banner').getByText('Test mode').waitFor();

      // The login modal is an overlay, not a route; a click on its backdrop closes it.
      if (viewport === 'mobile') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Login' }).click();
      } else {
        await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
      }
      await page.getByTestId('login-modal').getByRole('heading', { name: 'User Login' }).waitFor();
      await page.mouse.click(5, VIEWPORTS[viewport].height - 5);
      await page.getByTestId('login-modal').waitFor({ state: 'hidden' });

      // /seller for a visitor: the seller login, without the shopper navbar and footer.
      await page.goto('/seller');
      await page.getByRole('form', { name: 'Seller Login' }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      await expectNoHorizontalScroll(page, '/seller');

      expect(visitor.problems()).toEqual([]);
      expect(server.errors()).toEqual([]);
      await visitor.context.close();
    });

    it("a signed-in shopper's cart and orders, and the seller's pages, render without errors", async () => {
      const shopper = await openPage(browser, server.url, { viewport });
      const [first, second] = products;
      await signUpThroughApi(shopper.context, { name: 'Kiran', cartItems: { [first!._id]: 2, [second!._id]: 1 } });
      await addAddressThroughApi(shopper.context);
      const { page } = shopper;

      await page.goto('/cart');
      await heading(page, /Shopping Cart/).waitFor();
      await page.getByTestId('selected-address').filter({ hasText: 'MG Road' }).waitFor();
      expect(await page.getByTestId('summary-total').textContent()).toMatch(/^₹[\d,.]+$/);
      // The stepper's field can be emptied to type a new number (it once snapped back, turning "3" into "23").
      const quantity = page.getByRole('spinbutton', { name: `${first!.name} quantity` });
      await quantity.press('Backspace');
      await quantity.pressSequentially('3');
      expect(await quantity.inputValue()).toBe('3');
      await expectCartCount(page, 4);
      await expectNoHorizontalScroll(page, '/cart');
      await shopper.screenshot(`${viewport}-cart`);

      await checkout(page, 'COD');
      await newestOrder(page).getByTestId('order-status').filter({ hasText: 'Order Placed' }).waitFor();
      await expectShopperChrome(page, viewport);
      await expectNoHorizontalScroll(page, '/my-orders');
      await shopper.screenshot(`${viewport}-my-orders`);
      expect(shopper.problems()).toEqual([]);

      const seller = await openPage(browser, server.url, { viewport });
      await sellerLogin(seller.page, server.config.seller);
      await seller.page.getByRole('form', { name: 'Add Product' }).waitFor();
      await expectNoHorizontalScroll(seller.page, '/seller');
      await sellerNavigate(seller.page, 'Product List');
      await seller.page.getByTestId('seller-product-row').first().waitFor();
      // The seller area lists the signed-in store's own products only.
      expect(await seller.page.getByTestId('seller-product-row').count()).toBe(products.filter((p) => p.seller.storeName === OPERATOR_STORE).length);
      await expectNoHorizontalScroll(seller.page, '/seller/product-list');
      await sellerNavigate(seller.page, 'Orders');
      await seller.page.getByTestId('seller-order-row').first().waitFor();
      expect(await seller.page.getByRole('banner').count()).toBe(1); // the seller header, not the shopper navbar
      expect(await seller.page.getByRole('contentinfo').count()).toBe(0);
      await expectNoHorizontalScroll(seller.page, '/seller/orders');
      await seller.screenshot(`${viewport}-seller-orders`);
      expect(seller.problems()).toEqual([]);
      expect(server.errors()).toEqual([]);

      await Promise.all([shopper.context.close(), seller.context.close()]);
    });
  });
});
