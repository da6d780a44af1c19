import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedProducts, OPERATOR_STORE } from './helpers/accounts';
import { launchBrowser, markDocument, openPage, waitForLive } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { sellerLogin, sellerNavigate, toastWithText } from './helpers/flows';

describe('a seller edits and restocks products, and shoppers see it live (real Chromium)', () => {
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
    it(`edits a product's name and prices from the product list, and restocks a sold-out one (${viewport})`, async () => {
      const shopper = await openPage(browser, server.url);
      await shopper.page.goto('/products');
      await shopper.page.getByTestId('product-card').first().waitFor();
      await waitForLive(shopper.page);
      const sameDocument = await markDocument(shopper.page);
      // The signed-in seller changes only its own store's products.
      const firstName = (await listedProducts(shopper.context, OPERATOR_STORE))[0]!.name;

      const seller = await openPage(browser, server.url, { viewport });
      await sellerLogin(seller.page, server.config.seller);
      await sellerNavigate(seller.page, 'Product List');
      await seller.page.getByRole('link', { name: `Edit ${firstName}` }).click();

      const newName = `${firstName} (${viewport} edit)`;
      const form = seller.page.getByRole('form', { name: `Edit ${firstName}` });
      await form.getByLabel('Product Name').fill(newName);
      await form.getByLabel('Product Price').fill('120');
      await form.getByLabel('Offer Price').fill('99.5');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await toastWithText(seller.page, 'Product updated').waitFor();
      await seller.page.getByRole('heading', { name: 'All Products' }).waitFor();

      // The shopper's open page shows the new name and price without a reload.
      const card = shopper.page.getByTestId('product-card').filter({ hasText: newName });
      await card.waitFor({ timeout: 10_000 });
      expect(await card.textContent()).toContain('₹99.50');
      expect(await sameDocument()).toBe(true);

      // Sold out (stock 0): it leaves the shopper list; restocking brings it back.
      const stock = seller.page.getByLabel(`Stock of ${newName}`);
      await stock.fill('0');
      await stock.press('Enter');
      await card.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await seller.page.getByRole('switch', { name: `In stock: ${newName}` }).isChecked()).toBe(false);

      await stock.fill('25');
      await seller.page.getByRole('button', { name: 'Restock' }).click();
      await card.waitFor({ timeout: 10_000 });
      await expect.poll(() => seller.page.getByRole('switch', { name: `In stock: ${newName}` }).isChecked()).toBe(true);
      expect(await sameDocument()).toBe(true);

      expect(seller.problems()).toEqual([]);
      expect(shopper.problems()).toEqual([]);
      await Promise.all([seller.context.close(), shopper.context.close()]);
    });
  }
});
