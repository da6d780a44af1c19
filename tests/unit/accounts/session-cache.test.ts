import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../../../core/modules/accounts/session-cache';

describe('session cache', () => {
  const t0 = 1_000_000;
  const far = t0 + 86_400_000;

  it('remembers a session for cacheMs, then forgets it', () => {
    const cache = createSessionCache<string>(5000);
    cache.set('a', 'alice', far, t0);
    expect(cache.get('a', t0 + 4999)).toBe('alice');
    expect(cache.get('a', t0 + 5000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never outlives the session itself', () => {
    const cache = createSessionCache<string>(5000);
    cache.set('a', 'alice', t0 + 1000, t0);
    expect(cache.get('a', t0 + 999)).toBe('alice');
    expect(cache.get('a', t0 + 1000)).toBeUndefined();
  });

  it('forgets on delete (logout)', () => {
    const cache = createSessionCache<string>(5000);
    cache.set('a', 'alice', far, t0);
    cache.delete('a');
    expect(cache.get('a', t0 + 1)).toBeUndefined();
  });

  it('forgets every entry whose value matches (a session revoked in another process)', () => {
    const cache = createSessionCache<{ sessionId: string }>(5000);
    cache.set('a', { sessionId: 's1' }, far, t0);
    cache.set('b', { sessionId: 's2' }, far, t0);
    cache.deleteWhere((v) => v.sessionId === 's1');
    expect(cache.get('a', t0)).toBeUndefined();
    expect(cache.get('b', t0)).toEqual({ sessionId: 's2' });
  });

  it('keeps nothing when switched off', () => {
    const cache = createSessionCache<string>(0);
    cache.set('a', 'alice', far, t0);
    expect(cache.get('a', t0)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = createSessionCache<string>(5000, 2);
    cache.set('a', 'alice', far, t0);
    cache.set('b', 'bob', far, t0);
    cache.set('c', 'carol', far, t0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', t0)).toBeUndefined();
    expect(cache.get('c', t0)).toBe('carol');
  });
});
