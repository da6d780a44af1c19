import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

function scrypt(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt needs 128 × N × r bytes; room for twice that, so the largest cost config allows (2^20) still fits. */
const maxmemFor = (n: number) => 256 * n * R;

export type PasswordCheck = {
  ok: boolean;
  /** The stored hash was made at a lower cost than the current one: store a fresh hash now the password is known. */
  outdated: boolean;
};

/**
 * Password hashing with scrypt, a memory-hard KDF from Node's standard library. The cost N = 2^logN comes from
 * config (PASSWORD_SCRYPT_LOG2_N, 17 by default: OWASP's current minimum for scrypt is N = 2^17, r = 8, p = 1, which
 * takes 128 MiB per hash). Each hash records its own parameters (`scrypt$N$r$p$salt$hash`), so raising the cost
 * keeps older hashes verifiable, and a login with an older hash stores a new one (`outdated`).
 */
export function createPasswordHasher(options: { logN: number }) {
  const N = 2 ** options.logN;
  const format = (salt: Buffer, key: Buffer) => ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    return format(salt, await scrypt(password, salt, { N, r: R, p: P, maxmem: maxmemFor(N) }));
  }

  // Checked against when an account does not exist: verifying it costs one scrypt at the current cost, as a real hash
  // does. Its key is random bytes, so no password matches, and it is ready from the start: hashing it on first use
  // would make the first unknown email a process sees take two scrypts, telling that it is not registered.
  const dummy = Promise.resolve(format(randomBytes(16), randomBytes(KEY_LENGTH)));

  return {
    hash,

    async verify(password: string, stored: string): Promise<PasswordCheck> {
      const [scheme, n, r, p, salt, expectedB64] = stored.split('$');
      const params = { N: Number(n), r: Number(r), p: Number(p) };
      if (scheme !== 'scrypt' || !salt || !expectedB64 || !Object.values(params).every((v) => Number.isInteger(v) && v > 0)) {
        return { ok: false, outdated: false };
      }
      const expected = Buffer.from(expectedB64, 'base64url');
      const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { ...params, maxmem: maxmemFor(Math.max(params.N, N)) });
      const ok = actual.length === expected.length && timingSafeEqual(actual, expected);
      return { ok, outdated: ok && (params.N < N || params.r < R) };
    },

    /** A hash to compare against when the account does not exist, so timing does not reveal which emails are registered. */
    dummyHash(): Promise<string> {
      return dummy;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
