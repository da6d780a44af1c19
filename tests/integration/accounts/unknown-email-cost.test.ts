import { scrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { registerUser } from '../../helpers/factories';
import { loginSeller } from '../../helpers/seller-factories';

// The real scrypt, counted: a login's time is its scrypts, so equal counts mean timing tells nothing.
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return { ...crypto, scrypt: vi.fn(crypto.scrypt) };
});

/** How many scrypts one call runs. */
async function scryptsOf(call: () => Promise<{ statusCode: number }>): Promise<{ status: number; scrypts: number }> {
  vi.mocked(scrypt).mockClear();
  const { statusCode } = await call();
  return { status: statusCode, scrypts: vi.mocked(scrypt).mock.calls.length };
}

describe('a login with an unknown email, on a freshly started process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  const login = (url: string, email: string, password: string) => () => ctx.app.inject({ method: 'POST', url, payload: { email, password } });

  it('costs what a wrong password costs from the very first one, so timing does not tell the email is not registered', async () => {
    // The process's first login of all: nothing was hashed for it before.
    expect(await scryptsOf(login('/api/user/login', 'nobody-1@example.com', 'a-guess-123'))).toEqual({ status: 401, scrypts: 1 });
    expect(await scryptsOf(login('/api/user/login', 'nobody-2@example.com', 'a-guess-123'))).toEqual({ status: 401, scrypts: 1 });
    const shopper = await registerUser(ctx.app);
    expect(await scryptsOf(login('/api/user/login', shopper.email, 'a-guess-123'))).toEqual({ status: 401, scrypts: 1 });
  });

  it('costs the seller login the same', async () => {
    await loginSeller(ctx);
    expect(await scryptsOf(login('/api/seller/login', 'no-store@example.com', 'a-guess-123'))).toEqual({ status: 401, scrypts: 1 });
    expect(await scryptsOf(login('/api/seller/login', ctx.config.seller.email, 'a-guess-123'))).toEqual({ status: 401, scrypts: 1 });
  });
});
