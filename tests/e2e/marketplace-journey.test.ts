/**
 * MARKETPLACE JOURNEY (stores, the operator's approval, one checkout across two stores). It needs the server side of
 * stores (sign-up, standing, operator calls, per-store live delivery) and of checkouts (one order per store).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddressThroughApi, signUpThroughApi } from './helpers/accounts';
import { launchBrowser, markDocument, openPage, waitForLive } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';
import { addToCart, expectCartCount, sellerLogin, sellerOrderRow, toastWithText, uniqueEmail } from './helpers/flows';
import { solidPng } from './helpers/png';

type ListedProduct = { _id: string; name: string; seller: { id: string; storeName: string } };

describe('a new store signs up, is approved live, sells, and ships its part of a two-store checkout (real Chromium, real server)', () => {
  let server: E2eServer;
  let browser: Browser;
  let imageDir: string;

  beforeAll(async () => {
    [server, browser, imageDir] = await Promise.all([startE2eServer(), launchBrowser(), mkdtemp(path.join(os.tmpdir(), 'grocery-e2e-store-'))]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (imageDir) await rm(imageDir, { recursive: true, force: true });
  });

  it('Become Seller → pending banner → approved live → product with "Sold by" → one checkout, two orders, each store dispatches its own', async () => {
    const storeName = `Kaveri Organics ${Date.now().toString(36)}`;
    const productName = `Kaveri Ragi Flour 1kg ${Date.now().toString(36)}`;

    // --- The new store signs up from the footer's "Become Seller".
    const store = await openPage(browser, server.url);
    await store.page.goto('/');
    await store.page.getByRole('contentinfo').getByRole('link', { name: 'Become Seller' }).click();
    await store.page.waitForURL('**/seller/register');
    const form = store.page.getByRole('form', { name: 'Become a Seller' });
    await form.getByRole('button', { name: 'Register store' }).click();
    await form.getByText('Store name is required').waitFor();
    await store.screenshot('store-register-errors');

    const yours = form.getByRole('group', { name: 'Your store' });
    await yours.getByLabel('Store name').fill(storeName);
    await yours.getByLabel('Contact name').fill('Meena Iyer');
    await yours.getByLabel('Email').fill(uniqueEmail('kaveri'));
    await yours.getByLabel('Mobile number').fill('9845012345');
    await yours.getByLabel('Password').fill('ragi-and-jaggery-42');
    const pickup = form.getByRole('group', { name: 'Pickup address' });
    await pickup.getByLabel('First name').fill('Meena');
    await pickup.getByLabel('Last name').fill('Iyer');
    await pickup.getByLabel('Email address').fill('pickup@kaveri.example.in');
    await pickup.getByLabel('Street').fill('22 Sayyaji Rao Road');
    await pickup.getByLabel('City').fill('Mysuru');
    await pickup.getByLabel('State').fill('Karnataka');
    await pickup.getByLabel('PIN code').fill('570001');
    await pickup.getByLabel('Phone').fill('9845012345');
    await form.getByRole('button', { name: 'Register store' }).click();

    // Signed in and in the seller area, told it waits for approval.
    await store.page.getByTestId('seller-store-name').filter({ hasText: storeName }).waitFor();
    const banner = store.page.getByTestId('store-status-banner');
    await banner.filter({ hasText: 'Your store is waiting for approval' }).waitFor();
    expect(await banner.textContent()).toContain('Products you add stay hidden until then');
    // A pending store may already add products (they stay hidden): the form is there under the banner.
    await store.page.getByRole('form', { name: 'Add Product' }).waitFor();
    await store.screenshot('store-pending');
    await waitForLive(store.page);
    const storeDocument = await markDocument(store.page);

    // --- The operator, in a second browser, approves it from the Stores page.
    const operator = await openPage(browser, server.url);
    await sellerLogin(operator.page, server.config.seller);
    await operator.page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: 'Stores' }).click();
    await operator.page.getByRole('heading', { level: 1, name: 'Stores' }).waitFor();
    const row = operator.page.getByTestId('admin-store-row').filter({ hasText: storeName });
    await row.waitFor({ timeout: 10_000 });
    await operator.screenshot('operator-stores-pending');
    await row.getByRole('button', { name: `Approve ${storeName}` }).click();
    await operator.page.getByTestId('stores-tab-approved').click();
    await operator.page.getByTestId('admin-store-row').filter({ hasText: storeName }).waitFor();

    // The store's banner goes away without a reload.
    await banner.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await storeDocument()).toBe(true);

    // --- The store adds a product.
    const imagePath = path.join(imageDir, 'ragi.png');
    await writeFile(imagePath, solidPng(64, 64, [150, 90, 40]));
    const productForm = store.page.getByRole('form', { name: 'Add Product' });
    await productForm.locator('#product-image-0').setInputFiles(imagePath);
    await productForm.getByRole('img', { name: 'Product image 1 preview' }).waitFor();
    await productForm.getByLabel('Product Name').fill(productName);
    await productForm.getByLabel('Product Description').fill('Stone ground/nFrom Mandya');
    await productForm.getByLabel('Category').selectOption('Grains');
    await productForm.getByLabel('Product Price').fill('120');
    await productForm.getByLabel('Offer Price').fill('99');
    await productForm.getByRole('button', { name: 'Add Product' }).click();
    await toastWithText(store.page, 'Product added').waitFor();

    // --- A shopper sees "Sold by" the store, opens its products, and buys from it and from the operator's store.
    const shopper = await openPage(browser, server.url);
    await signUpThroughApi(shopper.context, { name: 'Kiran' });
    await addAddressThroughApi(shopper.context);
    const listed = ((await (await shopper.context.request.get('/api/product/list')).json()) as { products: ListedProduct[] }).products;
    const other = listed.find((p) => p.seller.storeName === 'FreshCart');
    expect(other, 'the operator’s own store sells something').toBeDefined();

    const { page } = shopper;
    await page.goto('/products');
    const card = page.getByTestId('product-card').filter({ hasText: productName });
    await card.waitFor({ timeout: 10_000 });
    expect(await card.getByTestId('product-seller').textContent()).toBe(`Sold by ${storeName}`);
    await card.getByRole('link', { name: storeName }).click();
    await page.getByRole('heading', { level: 1, name: storeName }).waitFor();
    await shopper.screenshot('store-products');
    await addToCart(page, productName);

    // The store filter (client-side: a full reload now could race the cart's sync to the server).
    await page.getByRole('combobox', { name: 'Store' }).selectOption({ label: 'FreshCart' });
    await page.getByRole('heading', { level: 1, name: 'FreshCart' }).waitFor();
    expect(new URL(page.url()).searchParams.get('seller')).toBe(other!.seller.id);
    await addToCart(page, other!.name);
    await expectCartCount(page, 2);

    await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
    await page.getByRole('heading', { level: 2, name: `Sold by ${storeName}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Sold by FreshCart' }).waitFor();
    expect(await page.getByTestId('cart-stores-note').textContent()).toContain('one per store');
    await page.getByTestId('selected-address').filter({ hasText: 'MG Road' }).waitFor();
    await shopper.screenshot('cart-two-stores');

    await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order placed' }).waitFor();
    expect(await page.getByTestId('placed-order').count()).toBe(2);
    await shopper.screenshot('order-placed-two-stores');
    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL('**/my-orders');

    // One checkout, two orders, shown together.
    const group = page.getByTestId('checkout-group').first();
    await group.waitFor();
    const checkoutId = (await group.getAttribute('data-checkout-id'))!;
    const cards = group.getByTestId('order-card');
    await expect.poll(() => cards.count()).toBe(2);
    const newStoreOrder = group.locator('[data-testid="order-card"]').filter({ hasText: `Sold by ${storeName}` });
    const operatorOrder = group.locator('[data-testid="order-card"]').filter({ hasText: 'Sold by FreshCart' });
    const newStoreOrderId = (await newStoreOrder.getAttribute('data-order-id'))!;
    const operatorOrderId = (await operatorOrder.getAttribute('data-order-id'))!;
    await shopper.screenshot('my-orders-checkout-group');
    await waitForLive(page);
    const shopperDocument = await markDocument(page);

    // --- Each store dispatches its own order from its own board; the shopper's two cards follow, each on its own.
    await store.page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: /^Orders\b/ }).click();
    const storeRow = sellerOrderRow(store.page, newStoreOrderId);
    await storeRow.waitFor({ timeout: 10_000 });
    expect(await storeRow.getByTestId('seller-order-checkout').textContent()).toBe(`Checkout ${checkoutId}`);
    // The other store's order is not on this board.
    expect(await sellerOrderRow(store.page, operatorOrderId).count()).toBe(0);
    await storeRow.getByTestId('seller-order-status-select').selectOption('On The Way');
    await expect.poll(() => newStoreOrder.getByTestId('order-status').textContent(), { timeout: 5_000 }).toBe('On The Way');
    expect(await operatorOrder.getByTestId('order-status').textContent()).toBe('Order Placed');

    await operator.page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: /^Orders\b/ }).click();
    const operatorRow = sellerOrderRow(operator.page, operatorOrderId);
    await operatorRow.waitFor({ timeout: 10_000 });
    expect(await sellerOrderRow(operator.page, newStoreOrderId).count()).toBe(0);
    await operatorRow.getByTestId('seller-order-status-select').selectOption('On The Way');
    await expect.poll(() => operatorOrder.getByTestId('order-status').textContent(), { timeout: 5_000 }).toBe('On The Way');
    expect(await shopperDocument()).toBe(true);
    await shopper.screenshot('my-orders-both-dispatched');

    // The operator sees both in All Orders and the store's figures in Store Totals.
    await operator.page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: 'All Orders' }).click();
    await operator.page.locator(`[data-testid="admin-order-row"][data-order-id="${newStoreOrderId}"]`).waitFor();
    await operator.page.locator(`[data-testid="admin-order-row"][data-order-id="${operatorOrderId}"]`).waitFor();
    await operator.screenshot('operator-all-orders');
    await operator.page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: 'Store Totals' }).click();
    const totals = operator.page.getByTestId('store-totals-row').filter({ hasText: storeName });
    await totals.waitFor();
    // One order of one ₹99 unit (plus the ₹2 fee if the checkout's fee sits on this store's order).
    expect(await totals.textContent()).toMatch(/11₹(99|101)₹0/);
    await operator.screenshot('operator-store-totals');

    for (const person of [store, operator, shopper]) expect(person.problems()).toEqual([]);
    expect(server.errors()).toEqual([]);
    await Promise.all([store.context.close(), operator.context.close(), shopper.context.close()]);
  });
});
