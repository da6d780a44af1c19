import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type A11yViolation = { rule: string; impact: string; help: string; targets: string[] };

/** What fails a page state: the two highest of axe's four impact levels. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core in the page as it is now and returns its serious and critical violations. The engine is injected
 * through the DevTools protocol (page.evaluate), which the app's Content-Security-Policy does not govern, so the
 * check sees the page exactly as shoppers get it.
 */
export async function blockingViolations(page: Page): Promise<A11yViolation[]> {
  // What is judged is the state the page settles in: a toast fading in is, for its first 160 ms, text at part opacity,
  // whose blended colour axe would measure. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const result = await engine.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.split('\n')[1]?.trim()})` : ''}`),
    }));
  });
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/** Fails the test when the page's current state has a serious or critical accessibility violation. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(await blockingViolations(page), `accessibility of ${state}`).toEqual([]);
}
