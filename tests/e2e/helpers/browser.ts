import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import { expectAccessible } from './axe';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../artifacts/e2e');

/**
 * The browser found by `browser-setup.ts` (CHROMIUM_PATH, the system's, or the npm-shipped one). Only plain headless
 * flags: the serverless flag set that ships with `@sparticuz/chromium` turns off web security and site isolation,
 * which would hide exactly the same-origin behaviour these tests rely on.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const VIEWPORTS = {
  /** The narrowest screen the client supports. */
  mobile: { width: 360, height: 780 },
  /** A common phone screen, where checkout must work without scrolling to the button. */
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

export type Problem = { kind: 'console' | 'pageerror' | 'requestfailed' | 'http'; text: string; url?: string };

/** A problem the test expects; everything else fails the test. */
export type Allowance = (problem: Problem) => boolean;

export type Shopper = {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and 4xx/5xx answers seen so far, minus the allowed ones. */
  problems: () => Problem[];
  /** Allows one more kind of expected problem (a test that provokes a 4xx on purpose). */
  allow: (allowance: Allowance) => void;
  /** A named page state: saved as an image and checked with axe-core (a serious or critical violation fails). */
  screenshot: (name: string) => Promise<void>;
};

/** A fresh browser context (its own cookies and storage: one person) with one page watched for problems. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: keyof typeof VIEWPORTS; allow?: Allowance[] } = {},
): Promise<Shopper> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    serviceWorkers: 'block',
  });
  // Generous for a loaded two-core CI machine, yet well inside the 90 s a test may take.
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  screenshotOnFailure(page);
  const allowances: Allowance[] = [...(options.allow ?? [])];
  const seen: Problem[] = [];
  const record = (p: Problem) => {
    if (!allowances.some((a) => a(p))) seen.push(p);
  };

  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    record({ kind: 'console', text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => record({ kind: 'pageerror', text: `${error.name}: ${error.message}` }));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'failed';
    // A navigation cancels what the previous page was still loading (lazy images, a prefetch): not a defect.
    if (failure === 'net::ERR_ABORTED') return;
    record({ kind: 'requestfailed', text: `${request.method()} ${failure}`, url: request.url() });
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    record({ kind: 'http', text: `${response.request().method()} ${response.status()}`, url: response.url() });
  });

  return {
    context,
    page,
    problems: () => [...seen],
    allow: (allowance) => allowances.push(allowance),
    async screenshot(name) {
      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
      await expectAccessible(page, name);
    },
  };
}

let failedShots = 0;

/** When the running test fails, what this page showed at that moment is kept beside the other screenshots. */
function screenshotOnFailure(page: Page): void {
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      await mkdir(ARTIFACTS, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      const file = path.join(ARTIFACTS, `failed-${name}-${++failedShots}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    });
  } catch {
    // Opened in a hook rather than a test: nothing to attach to.
  }
}

/**
 * Marks the current document so a test can prove a change arrived live: after a reload or a full navigation the
 * marker is gone. Client-side (react-router) navigation keeps it.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  const token = `e2e-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((t) => {
    (window as unknown as { __e2eDocument?: string }).__e2eDocument = t;
  }, token);
  return async () => page.evaluate((t) => (window as unknown as { __e2eDocument?: string }).__e2eDocument === t, token);
}

/** Waits until the page's live socket is connected, so a change made now reaches it without a reconnect. */
export async function waitForLive(page: Page): Promise<void> {
  await page.locator('[data-testid="live-indicator"][data-state="online"]').waitFor({ state: 'attached', timeout: 10_000 });
}
