import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, listedProducts, OPERATOR_STORE, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, openPage, VIEWPORTS } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { addToCart, expectCartCount } from './helpers/flows';

/** What has focus: never the page body after an action. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

/** True when the element is entirely on screen (not below the fold). */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= VIEWPORTS.phone.height;
}

async function sellerCookie(server: E2eServer): Promise<string> {
  const login = await fetch(`${server.url}/api/seller/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.config.seller),
  });
  return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

describe('checkout paths on a 390 px phone (real Chromium)', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a product page shows the price and Add to Cart on the first screen, and the counter once added', async () => {
    const shopper = await openPage(browser, server.url, { viewport: 'phone' });
    const { page } = shopper;
    const [product] = await listedProducts(shopper.context, OPERATOR_STORE);
    await page.goto(`/products/${product!.category.toLowerCase()}/${product!._id}`);
    await page.getByRole('heading', { level: 1, name: product!.name }).waitFor();

    // Above the bottom bar, without scrolling.
    const bottomBar = (await page.getByRole('navigation', { name: 'Quick' }).boundingBox())!;
    const above = async (selector: string) => {
      const box = await page.locator(selector).boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= bottomBar.y;
    };
    expect(await above('[data-testid="product-offer-price"]')).toBe(true);
    expect(await above('.product-detail__actions')).toBe(true);
    await shopper.screenshot('phone-product');

    // Added, it becomes the cards' counter (focus on its +), and Buy now stays.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const counter = page.getByRole('group', { name: `${product!.name} quantity` });
    await counter.waitFor();
    expect(await focused(page)).toBe(`Add one more ${product!.name}`);
    await counter.getByRole('button', { name: `Add one more ${product!.name}` }).click();
    await expectCartCount(page, 2);
    expect(await counter.getByTestId('card-quantity').textContent()).toBe('2');
    expect(await page.getByRole('button', { name: 'Buy now' }).isVisible()).toBe(true);
    expect(await above('.product-detail__actions')).toBe(true);
    expect(shopper.problems()).toEqual([]);
    await shopper.context.close();
  });

  it('on the narrowest phone too, with the test-mode banner shown, the price and Add to Cart are on the first screen', async () => {
    const shopper = await openPage(browser, server.url, { viewport: 'mobile' });
    const { page } = shopper;
    const [product] = await listedProducts(shopper.context, OPERATOR_STORE);
    await page.goto(`/products/${product!.category.toLowerCase()}/${product!._id}`);
    await page.getByRole('heading', { level: 1, name: product!.name }).waitFor();
    const banner = (await page.getByTestId('test-mode-banner').boundingBox())!;
    expect(banner.height).toBeLessThan(40); // one line
    const bottomBar = (await page.getByRole('navigation', { name: 'Quick' }).boundingBox())!;
    const actions = (await page.locator('.product-detail__actions').boundingBox())!;
    expect(actions.y + actions.height).toBeLessThanOrEqual(bottomBar.y);
    expect(shopper.problems()).toEqual([]);
    await shopper.context.close();
  });

  it('login from the cart returns to the cart; an item that goes out of stock stays named and blocks Place Order until removed', async () => {
    // An account made beforehand, with an address: the visitor logs in to it from the cart.
    const account = await openPage(browser, server.url);
    const { email } = await signUpThroughApi(account.context, { name: 'Meera', password: 'correct-horse-42' });
    await addAddressThroughApi(account.context);
    await account.context.close();

    const shopper = await openPage(browser, server.url, { viewport: 'phone' });
    const { page } = shopper;
    const [first, second] = await listedProducts(shopper.context, OPERATOR_STORE);

    // Search is one tap away on a phone, from any shopper page.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Search products' }).click();
    await page.waitForURL('**/products');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('page-search');

    // Add keeps focus on the control that replaced the button.
    await addToCart(page, first!.name);
    expect(await focused(page)).toBe(`Add one more ${first!.name}`);
    await addToCart(page, second!.name);
    await expectCartCount(page, 2);

    await page.goto('/cart');
    // The total and the next step are on screen at once, without scrolling.
    const bar = page.getByTestId('checkout-bar');
    expect(await bar.textContent()).toMatch(/^Total ₹[\d,.]+Place Order$/);
    expect(await onScreen(page, '[data-testid="checkout-bar"]')).toBe(true);
    await page.mouse.wheel(0, 2000);
    expect(await onScreen(page, '[data-testid="checkout-bar"]')).toBe(true);
    await shopper.screenshot('phone-cart');

    // Place Order as a visitor asks for a login (no error first); logging in keeps the shopper on the cart.
    await bar.getByRole('button', { name: 'Place Order' }).click();
    const modal = page.getByTestId('login-modal');
    await modal.waitFor();
    expect(await page.getByTestId('toast').filter({ hasText: 'Please login' }).count()).toBe(0);
    await modal.getByLabel('Email').fill(email);
    await modal.getByLabel('Password').fill('correct-horse-42');
    await modal.getByRole('button', { name: 'Login' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('selected-address').waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(await focused(page)).not.toBe('BODY');

    // The seller takes the second product off sale while it sits in the cart.
    const off = await fetch(`${server.url}/api/product/stock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await sellerCookie(server) },
      body: JSON.stringify({ id: second!._id, inStock: false }),
    });
    expect(off.status).toBe(200);
    const unavailable = page.getByTestId('unavailable-line');
    await unavailable.filter({ hasText: second!.name }).waitFor({ timeout: 10_000 });
    expect(await unavailable.textContent()).toContain('Out of stock');
    const placeOrder = bar.getByRole('button', { name: 'Place Order' });
    expect(await placeOrder.isDisabled()).toBe(true);
    expect(await page.getByText(/Remove the item not available now to place your order/).count()).toBe(1);
    await expectCartCount(page, 2);
    await shopper.screenshot('phone-cart-unavailable-item');

    await unavailable.getByRole('button', { name: `Remove ${second!.name} from cart` }).click();
    await unavailable.waitFor({ state: 'detached' });
    await expectCartCount(page, 1);
    expect(await placeOrder.isDisabled()).toBe(false);

    // The confirmation names the order, its items, amount and payment before My Orders.
    await placeOrder.click();
    await page.waitForURL('**/order-placed');
    const confirmation = page.getByTestId('order-placed');
    expect(await confirmation.getByTestId('placed-order-id').textContent()).toMatch(/^OD/);
    expect(await confirmation.textContent()).toContain(`${first!.name} × 1`);
    expect(await confirmation.getByTestId('placed-order-amount').textContent()).toMatch(/^₹[\d,.]+$/);
    expect(await confirmation.getByTestId('placed-order-payment').textContent()).toBe('Cash on delivery: pay when it arrives.');
    await shopper.screenshot('phone-order-placed');
    await confirmation.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL('**/my-orders');
    await page.getByTestId('order-card').first().waitFor();
    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
    await shopper.context.close();
  });
});
