import type { LoginRateLimiter } from './login-rate-limiter';
import type { PasswordHasher } from './password';

type Scope = Parameters<LoginRateLimiter['take']>[0];

/**
 * The one login check, for shoppers and sellers alike. The attempt is paid for before the password is checked
 * (login-budget.ts), so parallel guesses cannot outrun the limit; an unknown email is verified against a dummy hash,
 * so timing does not tell which emails exist; a hash made at an older cost is replaced now that the password is
 * known. Returns the account, or null for a wrong email or password (the caller words the refusal).
 */
export async function checkCredentials<A extends { id: string; passwordHash: string }>(
  deps: {
    limiter: LoginRateLimiter;
    passwords: PasswordHasher;
    scope: Scope;
    findByEmail: (email: string) => Promise<A | null>;
    updatePasswordHash: (id: string, hash: string) => Promise<unknown>;
  },
  input: { email: string; password: string; ip: string },
): Promise<A | null> {
  const { limiter, passwords, scope } = deps;
  const attempt = { ip: input.ip, email: input.email };
  await limiter.take(scope, attempt);
  const found = await deps.findByEmail(input.email);
  const check = await passwords.verify(input.password, found?.passwordHash ?? (await passwords.dummyHash()));
  if (!found || !check.ok) {
    await limiter.failed(scope, attempt);
    return null;
  }
  await limiter.succeeded(scope, attempt);
  if (check.outdated) await deps.updatePasswordHash(found.id, await passwords.hash(input.password));
  return found;
}
