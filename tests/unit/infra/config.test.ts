import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../core/infra/config';

describe('loadConfig', () => {
  it('has defaults that work on a machine with local PostgreSQL and Redis', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/grocery');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.port).toBe(3000);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.payments.gateway).toBe('simulated');
    expect(config.databasePoolSize).toBe(6);
    expect(config.sessionCacheMs).toBe(5000);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('uses Razorpay when both keys are set', () => {
    const config = loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'whsec' });
    expect(config.payments.gateway).toBe('razorpay');
    expect(config.payments.webhookSecret).toBe('whsec');
  });

  it('refuses real Razorpay keys without a webhook secret', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' })).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
  });

  it('reports every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'eighty', REDIS_URL: 'http://x', SELLER_PASSWORD: 'short', RAZORPAY_KEY_ID: 'only-one', DATABASE_POOL_SIZE: '0', SESSION_CACHE_MS: '-1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['DATABASE_URL', 'PORT', 'REDIS_URL', 'SELLER_PASSWORD', 'RAZORPAY_KEY_SECRET', 'DATABASE_POOL_SIZE', 'SESSION_CACHE_MS']) {
      expect(problems).toContain(name);
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});
