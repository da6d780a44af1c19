import type { UserDto } from '../../contracts/http/accounts';
import { AppError, conflict, unauthorized } from '../../domain/errors';
import type { CartService } from '../cart/cart-service';
import { isUniqueViolation } from '../../infra/prisma-errors';
import type { AccountRepository, UserRow } from './account-repository';
import { checkCredentials } from './credential-check';
import type { LoginRateLimiter } from './login-rate-limiter';
import type { PasswordHasher } from './password';
import type { SessionService } from './session-service';

export type RegisterInput = { name: string; email: string; password: string; phone?: string; cartItems?: Record<string, unknown> };
export type LoginInput = { email: string; password: string; cartItems?: Record<string, unknown> };
/** What a successful register or login yields: the user for the body, the token only for the cookie. */
export type SignedIn = { user: UserDto; session: { token: string; expiresAt: Date } };

/** One message for an unknown email and a wrong password, so the answer never tells which one was wrong. */
const invalidCredentials = () => new AppError('unauthorized', 'invalid_credentials', 'Invalid email or password');

/** Shopper accounts. Emails arrive lower-cased and trimmed from the HTTP schema; passwords are scrypt hashes. */
export function createAccountService(deps: {
  repo: AccountRepository;
  sessions: SessionService;
  cart: CartService;
  limiter: LoginRateLimiter;
  passwords: PasswordHasher;
}) {
  const { repo, sessions, cart, limiter, passwords } = deps;

  const toUserDto = (user: UserRow, cartItems: Record<string, number>): UserDto => ({
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    cartItems,
  });

  async function signIn(user: UserRow, visitorCart: Record<string, unknown> | undefined): Promise<SignedIn> {
    const cartItems = await cart.mergeVisitorCart(user.id, visitorCart);
    const session = await sessions.create({ userId: user.id });
    return { user: toUserDto(user, cartItems), session };
  }

  return {
    async register(input: RegisterInput): Promise<SignedIn> {
      const taken = () => conflict('email_taken', 'Email already registered');
      if (await repo.findByEmail(input.email)) throw taken();
      const passwordHash = await passwords.hash(input.password);
      let user: UserRow;
      try {
        user = await repo.create({ name: input.name, email: input.email, phone: input.phone ?? null, passwordHash });
      } catch (error) {
        // Two sign-ups for one email racing past the check above: the unique index decides.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return signIn(user, input.cartItems);
    },

    /** Rate-limited and timing-safe (credential-check.ts). */
    async login(input: LoginInput, ip: string): Promise<SignedIn> {
      const found = await checkCredentials({ limiter, passwords, scope: 'user', findByEmail: repo.findByEmail, updatePasswordHash: repo.updatePasswordHash }, { ...input, ip });
      if (!found) throw invalidCredentials();
      const { passwordHash: _hash, ...user } = found;
      return signIn(user, input.cartItems);
    },

    /** GET /api/user/is-auth: the user behind the session, with the stored cart. */
    async me(userId: string): Promise<UserDto> {
      const user = await repo.findById(userId);
      if (!user) throw unauthorized('Please login');
      return toUserDto(user, await cart.get(userId));
    },

    /** Who to prefill a payment checkout with; null when the user is gone. */
    async contact(userId: string): Promise<{ name: string; email: string; phone: string | null } | null> {
      const user = await repo.findById(userId);
      return user ? { name: user.name, email: user.email, phone: user.phone } : null;
    },

    /** Revokes the session server-side, so a copied cookie stops working too. */
    async logout(token: string | undefined): Promise<void> {
      await sessions.revoke(token);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
