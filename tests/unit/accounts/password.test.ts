import { scrypt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../core/infra/config';
import { createPasswordHasher } from '../../../core/modules/accounts/password';

// The real scrypt, counted: what a login costs is how many scrypts it runs.
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return { ...crypto, scrypt: vi.fn(crypto.scrypt) };
});

describe('password hashing', () => {
  it('hashes at scrypt N ≥ 2^17 with the production configuration', async () => {
    const config = loadConfig({});
    expect(config.passwordScryptLogN).toBeGreaterThanOrEqual(17);

    const passwords = createPasswordHasher({ logN: config.passwordScryptLogN });
    const hash = await passwords.hash('correct-horse-battery');
    const [scheme, n, r, p] = hash.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 2 ** config.passwordScryptLogN, 8, 1]);
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 17);
    expect(await passwords.verify('correct-horse-battery', hash)).toEqual({ ok: true, outdated: false });
    expect(await passwords.verify('wrong-horse-battery', hash)).toEqual({ ok: false, outdated: false });
    // Three hashes at the production cost take about a second on an idle core, several on a busy machine.
  }, 30_000);

  it('refuses a cost below 2^10 or above 2^20', () => {
    expect(() => loadConfig({ PASSWORD_SCRYPT_LOG2_N: '9' })).toThrow(/PASSWORD_SCRYPT_LOG2_N/);
    expect(() => loadConfig({ PASSWORD_SCRYPT_LOG2_N: '21' })).toThrow(/PASSWORD_SCRYPT_LOG2_N/);
  });

  it('verifies a hash made at a lower cost and calls it outdated; a higher-cost hash is not', async () => {
    const older = await createPasswordHasher({ logN: 10 }).hash('pw-123456');
    const current = createPasswordHasher({ logN: 11 });
    expect(await current.verify('pw-123456', older)).toEqual({ ok: true, outdated: true });
    expect(await current.verify('not-it', older)).toEqual({ ok: false, outdated: false });
    expect(await createPasswordHasher({ logN: 10 }).verify('pw-123456', await current.hash('pw-123456'))).toEqual({ ok: true, outdated: false });
  });

  it('checks an unknown email with one scrypt at the current cost, as a known one, from the very first login', async () => {
    const passwords = createPasswordHasher({ logN: 12 });
    vi.mocked(scrypt).mockClear();
    const dummy = await passwords.dummyHash();
    expect(await passwords.verify('a-guess-123', dummy)).toEqual({ ok: false, outdated: false });
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(dummy.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 12), '8', '1']);

    const stored = await passwords.hash('pw-123456');
    vi.mocked(scrypt).mockClear();
    expect(await passwords.verify('a-guess-123', stored)).toEqual({ ok: false, outdated: false });
    expect(await passwords.verify('a-guess-123', await passwords.dummyHash())).toEqual({ ok: false, outdated: false });
    expect(scrypt).toHaveBeenCalledTimes(2);
  });

  it('answers false, never throws, for a malformed stored hash', async () => {
    const passwords = createPasswordHasher({ logN: 10 });
    for (const stored of ['', 'bcrypt$x', 'scrypt$abc$8$1$c2FsdA$aGFzaA', 'scrypt$1024$8$1$$']) {
      expect((await passwords.verify('pw', stored)).ok).toBe(false);
    }
  });
});
