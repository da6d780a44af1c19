import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { blockingViolations } from './helpers/axe';
import { launchBrowser } from './helpers/browser';

// The accessibility check every screenshot runs judges the state a page settles in, not a frame of a transition.
describe('the accessibility check (real Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('waits for a fade-in to end before measuring contrast, and not for an endless spinner', async () => {
    const page = await browser.newPage();
    await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title><style>
      @keyframes fade-in { from { opacity: 0; } to { opacity: 1; } }
      @keyframes spin { to { transform: rotate(360deg); } }
      .toast { animation: fade-in 600ms linear; color: #1f2328; background: #fff; }
      .spinner { display: inline-block; width: 1rem; height: 1rem; animation: spin 1s linear infinite; }
    </style></head><body><main><h1>Check</h1><span class="spinner"></span></main></body></html>`);
    // Text that is fully legible once faded in; a third of the way in, its blended colour fails 4.5:1.
    await page.evaluate(() => {
      const toast = document.createElement('p');
      toast.className = 'toast';
      toast.textContent = 'Payment received';
      document.querySelector('main')!.append(toast);
    });
    await page.waitForTimeout(150);
    expect(await blockingViolations(page)).toEqual([]);
    await page.close();
  });
});
