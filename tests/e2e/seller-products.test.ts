import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, markDocument, openPage, waitForLive } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { sellerLogin, sellerNavigate, toastWithText } from './helpers/flows';
import { solidPng } from './helpers/png';

describe('a seller manages products and shoppers see it live (real Chromium, real server and workers)', () => {
  let server: E2eServer;
  let browser: Browser;
  let imageDir: string;

  beforeAll(async () => {
    [server, browser, imageDir] = await Promise.all([
      startE2eServer(),
      launchBrowser(),
      mkdtemp(path.join(os.tmpdir(), 'grocery-e2e-images-')),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (imageDir) await rm(imageDir, { recursive: true, force: true });
  });

  it('a product added with an image appears on the shopper list live, and leaves it live when put out of stock', async () => {
    const name = 'Alphonso Mango 1kg (e2e)';
    const imagePath = path.join(imageDir, 'mango.png');
    await writeFile(imagePath, solidPng(64, 64, [255, 179, 0]));

    // A shopper watches the product list (the whole catalogue, no search).
    const shopper = await openPage(browser, server.url);
    await shopper.page.goto('/products');
    await shopper.page.getByTestId('product-card').first().waitFor();
    await waitForLive(shopper.page);
    const shopperDocument = await markDocument(shopper.page);
    const card = shopper.page.getByTestId('product-card').filter({ hasText: name });
    expect(await card.count()).toBe(0);

    // The seller adds the product on the Add Product page (/seller).
    const seller = await openPage(browser, server.url);
    await sellerLogin(seller.page, server.config.seller);
    const form = seller.page.getByRole('form', { name: 'Add Product' });
    await form.locator('#product-image-0').setInputFiles(imagePath);
    await form.getByRole('img', { name: 'Product image 1 preview' }).waitFor();
    await form.getByLabel('Product Name').fill(name);
    await form.getByLabel('Product Description').fill('Sweet and fragrant/nFrom Ratnagiri');
    await form.getByLabel('Category').selectOption('Fruits');
    await form.getByLabel('Product Price').fill('399');
    await form.getByLabel('Offer Price').fill('349');
    await seller.screenshot('seller-add-product');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await toastWithText(seller.page, 'Product added').waitFor();

    // The shopper's list shows it without a reload, with the uploaded image actually loading.
    await card.waitFor({ timeout: 10_000 });
    expect(await card.textContent()).toContain('₹349');
    const image = card.getByRole('img', { name });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(64);
    expect(await image.getAttribute('src')).toMatch(/^\/uploads\//);
    expect(await shopperDocument()).toBe(true);

    // Its page lists the description split on '/n' as bullets.
    await card.getByRole('link').first().click();
    await shopper.page.getByRole('heading', { level: 1, name }).waitFor();
    const bullets = shopper.page.locator('.product-detail__bullets li');
    expect(await bullets.allTextContents()).toEqual(['Sweet and fragrant', 'From Ratnagiri']);
    await shopper.page.goBack();
    await card.waitFor();

    // The seller puts it out of stock in Product List; it leaves the shopper's list, again without a reload.
    await sellerNavigate(seller.page, 'Product List');
    const stockSwitch = seller.page.getByRole('switch', { name: `In stock: ${name}` });
    expect(await stockSwitch.isChecked()).toBe(true);
    await stockSwitch.click();
    await expect.poll(() => stockSwitch.isChecked(), { timeout: 10_000 }).toBe(false);
    await seller.screenshot('seller-product-list');
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await shopperDocument()).toBe(true);

    expect(seller.problems()).toEqual([]);
    expect(shopper.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
    await Promise.all([seller.context.close(), shopper.context.close()]);
  });
});
