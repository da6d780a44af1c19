import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackOrigin, isSet, loadConfig, paymentsLine } from '../../../core/infra/config';
import { isCluster, keyGroup, queuePrefix } from '../../../core/infra/redis';

describe('loadConfig', () => {
  it('has defaults that work on a machine with local PostgreSQL and Redis', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe('postgresql://postgres@127.0.0.1:5432/grocery');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.port).toBe(3000);
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(config.payments.gateway).toBe('simulated');
    expect(config.sessionCacheMs).toBe(5000);
    expect(config.databasePoolSize).toBe(6);
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
      loadConfig({ DATABASE_URL: 'mysql://x', PORT: 'eighty', REDIS_URL: 'http://x', SELLER_PASSWORD: 'short', RAZORPAY_KEY_ID: 'only-one', DATABASE_POOL_SIZE: '0' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['DATABASE_URL', 'PORT', 'REDIS_URL', 'SELLER_PASSWORD', 'RAZORPAY_KEY_SECRET', 'DATABASE_POOL_SIZE']) {
      expect(problems).toContain(name);
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('treats blank values as unset, not as 0', () => {
    for (const blank of [' ', '  ', '\t', ' \n']) {
      const config = loadConfig({ PORT: blank, PAYMENT_GRACE_MINUTES: blank, SESSION_CACHE_MS: blank });
      expect(config.port).toBe(3000);
      expect(config.publicOrigin).toBe('http://localhost:3000');
      expect(config.payments.graceMinutes).toBe(15);
      expect(config.sessionCacheMs).toBe(5000);
      // `npm start` agrees: a blank DATABASE_URL leaves it free to run its own PostgreSQL.
      expect(isSet('DATABASE_URL', { DATABASE_URL: blank })).toBe(false);
    }
  });

  it('reads every number setting from digits alone, naming a variable written otherwise', () => {
    const numbers = [
      'DATABASE_POOL_SIZE', 'PORT', 'MAX_IMAGE_BYTES', 'SESSION_TTL_DAYS', 'SESSION_CACHE_MS', 'PASSWORD_SCRYPT_LOG2_N',
      'RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_REGISTRATIONS_PER_HOUR', 'RATE_LIMIT_UPLOADS_PER_HOUR', 'PAYMENT_EXPIRY_MINUTES',
      'MAX_UNPAID_ONLINE_ORDERS', 'PAYMENT_GRACE_MINUTES', 'RECONCILE_AFTER_MINUTES', 'RECONCILE_EVERY_SECONDS', 'OUTBOX_POLL_MS',
      'WS_HEARTBEAT_MS', 'WS_CLIENT_PINGS_PER_SECOND', 'PURGE_EVERY_SECONDS', 'RETENTION_PUBLISHED_EVENTS_HOURS',
      'RETENTION_ENDED_SESSIONS_DAYS', 'RETENTION_WEBHOOKS_DAYS', 'RETENTION_FAILED_JOBS_DAYS',
    ];
    // Each written as 16, in a way Number() would take.
    for (const written of ['0x10', '1.6e1', '16.0', '+16', ' 16', '16 ', '0b10000', '1_6']) {
      let problems: string[] = [];
      try {
        loadConfig(Object.fromEntries(numbers.map((name) => [name, written])));
      } catch (error) {
        problems = (error as ConfigError).problems;
      }
      expect(problems, written).toEqual(numbers.map((name) => `${name}: must be a whole number, in digits only`));
    }
    expect(loadConfig({ PORT: '0080', PAYMENT_GRACE_MINUTES: '0' })).toMatchObject({ port: 80, payments: { graceMinutes: 0 } });
  });
});

describe('the session cookies over https', () => {
  const shop = { SELLER_PASSWORD: 'our-own-password', ALLOW_TEST_PAYMENTS: 'true', SIMULATED_GATEWAY_SECRET: 'a-secret-of-our-own' };

  it('are Secure for an https public origin, whatever the letter case of its scheme', () => {
    for (const origin of ['https://shop.example.in', 'HTTPS://Shop.Example.in', 'Https://shop.example.in/']) {
      const config = loadConfig({ ...shop, PUBLIC_ORIGIN: origin });
      expect(config.publicOrigin, origin).toBe('https://shop.example.in');
      expect(config.cookieSecure, origin).toBe(true);
    }
    expect(loadConfig({ PUBLIC_ORIGIN: 'HTTP://localhost:3000' }).cookieSecure).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000', COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('cannot be switched to clear text while the public origin is https, and the refusal says what to do', () => {
    for (const origin of ['https://shop.example.in', 'HTTPS://shop.example.in', 'https://localhost:3443']) {
      expect(() => loadConfig({ ...shop, PUBLIC_ORIGIN: origin, COOKIE_SECURE: 'false' }), origin).toThrow(
        /COOKIE_SECURE: must not be false when PUBLIC_ORIGIN is https .*; remove it, or set it to true/,
      );
    }
    expect(loadConfig({ ...shop, PUBLIC_ORIGIN: 'https://shop.example.in', COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3000', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });
});

describe('safe defaults behind a public address', () => {
  const publicStore = { PUBLIC_ORIGIN: 'https://shop.example.in' };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('refuses the demo seller password, the simulated gateway and its default secret', () => {
    const problems = problemsOf(publicStore).join('\n');
    expect(problems).toMatch(/^SELLER_PASSWORD: set a password of your own/m);
    expect(problems).toMatch(/^RAZORPAY_KEY_ID: without Razorpay keys the simulated gateway lets anyone "pay"/m);
    expect(problems).toMatch(/^SIMULATED_GATEWAY_SECRET: set a secret of your own/m);
  });

  it('runs with real Razorpay keys and a password of its own', () => {
    const config = loadConfig({ ...publicStore, SELLER_PASSWORD: 'our-own-password', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' });
    expect(config.testPayments).toBe(false);
    expect(paymentsLine(config)).toBe('Payments: Razorpay (key rzp_live_x).');
  });

  it('takes test payments only when ALLOW_TEST_PAYMENTS says so, with a secret of its own, and marks them', () => {
    const env = { ...publicStore, SELLER_PASSWORD: 'our-own-password', ALLOW_TEST_PAYMENTS: 'true' };
    expect(problemsOf(env).map((p) => p.split(':')[0])).toEqual(['SIMULATED_GATEWAY_SECRET']);
    const config = loadConfig({ ...env, SIMULATED_GATEWAY_SECRET: 'a-secret-of-our-own' });
    expect(config.testPayments).toBe(true);
    expect(paymentsLine(config)).toMatch(/simulated gateway, TEST MODE/);
  });

  it('takes Razorpay test-mode keys only when ALLOW_TEST_PAYMENTS says so, and marks them', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    const env = { ...publicStore, SELLER_PASSWORD: 'our-own-password', ...keys };
    expect(problemsOf(env).join('\n')).toMatch(/^RAZORPAY_KEY_ID: rzp_test_x is a Razorpay test-mode key, whose payments move no money/m);
    const config = loadConfig({ ...env, ALLOW_TEST_PAYMENTS: 'true' });
    expect(config.testPayments).toBe(true);
    expect(paymentsLine(config)).toMatch(/^Payments: Razorpay in TEST MODE \(key rzp_test_x\)/);
    // On a developer's machine they are test payments too: the banner says so.
    expect(loadConfig(keys).testPayments).toBe(true);
  });

  it('listens on loopback only by default, and refuses the demo defaults where HOST lets other machines in', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://[::1]:3000' }).host).toBe('::1');
    expect(loadConfig({ ...publicStore, SELLER_PASSWORD: 'our-own-password', ALLOW_TEST_PAYMENTS: 'true', SIMULATED_GATEWAY_SECRET: 'a-secret-of-our-own' }).host).toBe('0.0.0.0');
    const problems = problemsOf({ HOST: '0.0.0.0' }).join('\n');
    expect(problems).toMatch(/^SELLER_PASSWORD: set a password of your own \(HOST 0.0.0.0 lets other machines reach the store/m);
    expect(problems).toMatch(/^RAZORPAY_KEY_ID: without Razorpay keys/m);
    // Loopback addresses, and a listener behind a proxy that publishes the store on loopback, are fine.
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(problemsOf({ HOST: host }), host).toEqual([]);
    for (const published of ['127.0.0.1', '::1', 'localhost']) expect(problemsOf({ HOST: '0.0.0.0', TRUST_PROXY: '1', PUBLISHED_ADDRESS: published })).toEqual([]);
    // Trusting a proxy's forwarded addresses does not stop other machines reaching the listener around it.
    for (const trust of ['1', 'true', '10.0.0.5']) {
      expect(problemsOf({ HOST: '0.0.0.0', TRUST_PROXY: trust }).join('\n'), trust).toMatch(/^SELLER_PASSWORD: .*\(HOST 0.0.0.0 lets other machines reach the store/m);
    }
    expect(problemsOf({ HOST: '0.0.0.0', TRUST_PROXY: '1', PUBLISHED_ADDRESS: '0.0.0.0' }).join('\n')).toMatch(
      /^SELLER_PASSWORD: .*\(PUBLISHED_ADDRESS 0.0.0.0 lets other machines reach the store/m,
    );
  });

  it('takes only an http(s) origin as PUBLIC_ORIGIN, and only a loopback one as the dev server’s', () => {
    for (const origin of ['ftp://localhost:3000', 'http://localhost:3000/shop', 'https://user:pw@shop.example.com', 'https://shop.example.com/?a=1']) {
      expect(problemsOf({ PUBLIC_ORIGIN: origin }).join('\n'), origin).toMatch(/^PUBLIC_ORIGIN: must be an http:\/\/ or https:\/\/ origin/m);
    }
    expect(problemsOf({ DEV_CLIENT_ORIGIN: 'https://evil.example' }).join('\n')).toMatch(/^DEV_CLIENT_ORIGIN: must be a loopback origin/m);
    // A value that is no URL at all is named as such, with the other problems, not thrown as a bare TypeError.
    expect(problemsOf({ PUBLIC_ORIGIN: 'shop dot example', DEV_CLIENT_ORIGIN: 'localhost 5173' }).map((p) => p.split(':')[0])).toEqual(['PUBLIC_ORIGIN', 'DEV_CLIENT_ORIGIN']);
    expect(loadConfig({ DEV_CLIENT_ORIGIN: 'http://localhost:5173' }).trustedOrigins.has('http://localhost:5173')).toBe(true);
  });

  it('allows every demo default on a loopback address', () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(problemsOf({ PUBLIC_ORIGIN: origin }), origin).toEqual([]);
      expect(isLoopbackOrigin(origin)).toBe(true);
    }
    expect(isLoopbackOrigin('http://192.168.1.5:3000')).toBe(false);
    expect(isLoopbackOrigin('http://localhost.example.com')).toBe(false);
  });
});

describe('trusted origins', () => {
  it('are the public origin and, for a loopback one, its loopback aliases on the same scheme and port', () => {
    expect([...loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }).trustedOrigins].sort()).toEqual([
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:3000',
    ]);
    const shop = { PUBLIC_ORIGIN: 'https://shop.example.in', SELLER_PASSWORD: 'our-own-password', ALLOW_TEST_PAYMENTS: 'true', SIMULATED_GATEWAY_SECRET: 'a-secret-of-our-own' };
    expect([...loadConfig(shop).trustedOrigins]).toEqual(['https://shop.example.in']);
  });

  it('include the Vite dev server only while `npm run dev` says it runs', () => {
    expect(loadConfig({}).trustedOrigins.has('http://localhost:5173')).toBe(false);
    const dev = loadConfig({ DEV_CLIENT_ORIGIN: 'http://localhost:5173' }).trustedOrigins;
    expect(dev.has('http://localhost:5173')).toBe(true);
    expect(dev.has('http://127.0.0.1:5173')).toBe(true);
    expect(dev.has('http://localhost:3000')).toBe(true);
  });
});

describe('REDIS_CLUSTER_NODES', () => {
  it('is unset by default: one Redis, and the key names it always had', () => {
    const config = loadConfig({ REDIS_PREFIX: 'shop' });
    expect(config.redisClusterNodes).toEqual([]);
    expect(isCluster(config)).toBe(false);
    expect(queuePrefix(config)).toBe('shop');
    expect(keyGroup(config, 'login')).toBe('shop:login');
  });

  it('lists the cluster nodes, and hash-tags the keys that scripts use together', () => {
    const config = loadConfig({ REDIS_PREFIX: 'shop', REDIS_CLUSTER_NODES: 'redis-a:7000, 10.0.0.2:7001' });
    expect(config.redisClusterNodes).toEqual([
      { host: 'redis-a', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
    ]);
    expect(queuePrefix(config)).toBe('{shop}');
    expect(keyGroup(config, 'login')).toBe('{shop:login}');
  });

  it('refuses a list that is not host:port pairs', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-a' })).toThrow(/REDIS_CLUSTER_NODES: must be host:port pairs/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-a:7000,,redis-b:7001' })).toThrow(/REDIS_CLUSTER_NODES/);
  });
});
