import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './helpers/browser';
import { startE2eServer, type E2eServer } from './helpers/e2e-server';

/**
 * The most JavaScript (compressed, as it crosses the network) the home page may fetch on a first visit (about 108 KB
 * now). Most of it is React and the router; the answers the home page reads are checked with the contracts' zod/mini
 * schemas, whose tree-shaken core is a fraction of the validation library's full API.
 */
const JS_CEILING_BYTES = 120 * 1000;
/** A slow mobile connection: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CARDS_WITHIN_MS = 3_000;

describe('the home page first load stays small and fast on a slow network (real Chromium)', () => {
  let server: E2eServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(`a first visit downloads at most ${JS_CEILING_BYTES / 1000} KB of JavaScript and shows product cards within 3 s at 1.6 Mbit/s`, async () => {
    const visitor = await openPage(browser, server.url, { viewport: 'mobile' });
    const { page, context } = visitor;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);

    const scripts: Request[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });

    const started = Date.now();
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByTestId('product-card').first().waitFor({ state: 'visible', timeout: 10_000 });
    const cardsAfter = Date.now() - started;
    // Whatever the page fetches once it is idle (nothing, by design) belongs to the first load as well.
    await page.waitForLoadState('networkidle');

    const sizes = await Promise.all(
      scripts.map(async (request) => {
        const response = await request.response();
        return {
          url: new URL(request.url()).pathname,
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          bytes: (await request.sizes()).responseBodySize,
        };
      }),
    );
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    console.info(`first load: ${total} bytes of JavaScript in ${sizes.length} files, product cards after ${cardsAfter} ms`);

    expect(sizes.length).toBeGreaterThan(0);
    // Served as built: the precompressed brotli copies, never the raw files.
    expect(sizes.filter((s) => s.encoding !== 'br')).toEqual([]);
    expect(total).toBeLessThanOrEqual(JS_CEILING_BYTES);
    expect(cardsAfter).toBeLessThanOrEqual(CARDS_WITHIN_MS);
    expect(visitor.problems()).toEqual([]);
    await visitor.context.close();
  });
});
