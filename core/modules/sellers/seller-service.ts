import { randomBytes } from 'node:crypto';
import type { SellerRegisterBody } from '../../contracts/http/stores';
import { conflict, unauthorized } from '../../domain/errors';
import type { Config } from '../../infra/config';
import type { Db, Transaction } from '../../infra/prisma';
import { isUniqueViolation } from '../../infra/prisma-errors';
import { checkCredentials } from '../accounts/credential-check';
import type { LoginRateLimiter } from '../accounts/login-rate-limiter';
import { createPasswordHasher, type PasswordHasher } from '../accounts/password';
import { createSessionRepository } from '../accounts/session-repository';
import type { SessionService } from '../accounts/session-service';
import { appendEvent } from '../outbox/outbox-writer';
import { createSellerRepository, type SellerRepository } from './seller-repository';

/** The seller area greets the operator as 'Hi! Admin'. */
const CONFIGURED_SELLER_NAME = 'Admin';
/** The operator's own store, as shoppers see it. */
export const OPERATOR_STORE_NAME = 'FreshCart';

export type SellerCredentials = { email: string; password: string };

const emailTaken = () => conflict('email_taken', 'This email already has a seller account: log in instead, or use another email');

/**
 * Store accounts: "Become Seller" sign-up and seller sign-in. Sellers are rows with scrypt hashes; a login opens a seller session, which travels in its own
 * cookie, so a shopper session never counts as a seller's. Failed logins are limited exactly like shoppers' (same
 * limiter, its own 'seller' scope).
 */
export function createSellerService(deps: {
  repo: SellerRepository;
  transaction: Transaction;
  sessions: SessionService;
  limiter: LoginRateLimiter;
  passwords: PasswordHasher;
}) {
  const { repo, transaction, sessions, limiter, passwords } = deps;

  return {
    /**
     * A new store, pending until the operator approves it, signed in at once so it can set up its products (which
     * shoppers see only after approval). Returns its id and the session.
     */
    async register(input: SellerRegisterBody): Promise<{ sellerId: string; session: { token: string; expiresAt: Date } }> {
      if (await repo.findByEmail(input.email)) throw emailTaken();
      const passwordHash = await passwords.hash(input.password);
      let sellerId: string;
      try {
        // The new store and its announcement commit together: the operator's Stores page hears of it live.
        sellerId = await transaction(async (tx) => {
          const created = await repo.createPending(tx, {
            name: input.name,
            storeName: input.storeName,
            email: input.email,
            phone: input.phone,
            pickupAddress: input.address,
            passwordHash,
          });
          await appendEvent(tx, 'store.status_changed', { sellerId: created.id, from: null, to: 'pending' });
          return created.id;
        });
      } catch (error) {
        // Two sign-ups with one email at once: the second meets the unique index.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return { sellerId, session: await sessions.create({ sellerId }) };
    },

    async login(credentials: SellerCredentials, ip: string): Promise<{ token: string; expiresAt: Date }> {
      // Rate-limited and timing-safe, exactly like shoppers' logins (credential-check.ts).
      const seller = await checkCredentials(
        { limiter, passwords, scope: 'seller', findByEmail: repo.findByEmail, updatePasswordHash: repo.updatePasswordHash },
        { ...credentials, ip },
      );
      if (!seller) throw unauthorized('Invalid email or password');
      return sessions.create({ sellerId: seller.id });
    },

    logout(token: string | undefined): Promise<void> {
      return sessions.revoke(token);
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;

/**
 * Run at start: makes the configured seller (SELLER_EMAIL / SELLER_PASSWORD) exist with that password. A changed
 * password replaces the stored hash and ends the seller's open sessions; an unchanged one leaves everything as is.
 */
export async function ensureConfiguredSeller(
  db: Db,
  config: Pick<Config, 'seller' | 'passwordScryptLogN'>,
  // Given, a changed password also closes the old sessions' live sockets in every API process.
  sessions?: SessionService,
): Promise<{ sellerId: string; action: 'created' | 'updated' | 'unchanged' }> {
  const repo = createSellerRepository(db);
  const passwords = createPasswordHasher({ logN: config.passwordScryptLogN });
  const { email, password } = config.seller;
  const existing = await repo.findByEmail(email);
  const operator = await repo.findOperator();
  // Nothing to do only when the configured account already is the operator with this password. A store that signed up
  // with the configured email and password is not: it is made the operator below, and the old one (the public demo
  // account, say) a store. An unchanged password hashed at an older cost is left for the next login to upgrade.
  const passwordKept = existing !== null && (await passwords.verify(password, existing.passwordHash)).ok;
  if (passwordKept && operator?.id === existing.id) return { sellerId: existing.id, action: 'unchanged' };
  const passwordHash = await passwords.hash(password);
  // A new SELLER_EMAIL moves the operator's account: the old email (the public demo one, say) no longer signs in, and
  // FreshCart keeps its products and orders.
  const previous = existing ? null : operator;
  const seller = previous
    ? await repo.moveOperator(previous.id, { email: email.toLowerCase(), passwordHash })
    : await repo.upsertOperator({ name: CONFIGURED_SELLER_NAME, storeName: OPERATOR_STORE_NAME, email: email.toLowerCase(), passwordHash });
  const revokeAllOf = (sellerId: string) => (sessions ? sessions.revokeAllOf({ sellerId }) : createSessionRepository(db).revoke({ sellerId }));
  // One operator: an account that was it before (the configured email given to a store that signed up) is a store now,
  // and no one signs in to it with its old password (the public demo one, say): the store it runs and its orders stay,
  // under the new operator's eye, but its login is retired.
  for (const demoted of await repo.demoteOperatorsBut(seller.id)) {
    await repo.updatePasswordHash(demoted, await passwords.hash(randomBytes(32).toString('base64url')));
    await revokeAllOf(demoted);
  }
  if (existing || previous) await revokeAllOf(seller.id);
  return { sellerId: seller.id, action: existing || previous ? 'updated' : 'created' };
}
