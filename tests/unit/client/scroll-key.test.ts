import { describe, expect, it } from 'vitest';
import { keyFreshEntry } from '../../../client/src/app/scroll-key';

/** A tab's history entry as the router reads it: its state, as a full page load leaves it or the router wrote it. */
function entry(state: unknown) {
  return {
    state,
    replaceState(next: unknown) {
      this.state = next;
    },
  };
}

describe('the key a page load’s scroll position is kept under', () => {
  it('is one of its own for every entry a full page load starts on, so a URL opened fresh starts at the top', () => {
    const first = entry(null);
    const second = entry(null);
    keyFreshEntry(first);
    keyFreshEntry(second);
    const [a, b] = [(first.state as { key: string }).key, (second.state as { key: string }).key];
    expect(a).toMatch(/^[a-z0-9]+$/);
    expect(b).toMatch(/^[a-z0-9]+$/);
    expect(a).not.toBe(b);
    expect(first.state).toMatchObject({ usr: null, idx: 0 });
  });

  it('stays as it is on a reload or on back and forward, so those find where the shopper was', () => {
    const reloaded = entry({ usr: { from: '/cart' }, key: 'k3x9', idx: 4 });
    keyFreshEntry(reloaded);
    expect(reloaded.state).toEqual({ usr: { from: '/cart' }, key: 'k3x9', idx: 4 });
  });

  it('keeps what else the entry holds when it had no key', () => {
    const held = entry({ usr: { focusSearch: true }, idx: 2 });
    keyFreshEntry(held);
    expect(held.state).toMatchObject({ usr: { focusSearch: true }, idx: 2, key: expect.any(String) });
  });
});
