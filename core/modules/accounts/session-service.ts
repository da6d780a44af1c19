import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../infra/prisma';
import { createSessionCache } from './session-cache';

export type Principal = { kind: 'user'; userId: string; sessionId: string } | { kind: 'seller'; sellerId: string; sessionId: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque random session tokens; only their SHA-256 hash is stored, so a database leak does not leak sessions.
 * A session belongs to a user or to a seller, never both.
 */
export function createSessionService(db: Db, options: { ttlMs: number; cacheMs: number }) {
  const { ttlMs } = options;
  const recent = createSessionCache<Principal>(options.cacheMs);
  return {
    async create(owner: { userId: string } | { sellerId: string }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.session.create({ data: { tokenHash: hashToken(token), expiresAt, ...owner } });
      return { token, expiresAt };
    },

    /**
     * The live principal behind a token, or null when unknown, expired or revoked. Every signed-in request asks
     * this: one indexed read that decides liveness in the database, remembered briefly (session-cache.ts).
     */
    async resolve(token: string | undefined): Promise<Principal | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = hashToken(token);
      const remembered = recent.get(tokenHash);
      if (remembered) return remembered;
      const [session] = await db.$queryRaw<{ id: string; user_id: string | null; seller_id: string | null; expires_at: Date }[]>`
        SELECT id::text, user_id::text, seller_id::text, expires_at FROM sessions
         WHERE token_hash = ${tokenHash} AND revoked_at IS NULL AND expires_at > now() AT TIME ZONE 'UTC'`;
      const principal: Principal | null = session?.user_id
        ? { kind: 'user', userId: session.user_id, sessionId: session.id }
        : session?.seller_id
          ? { kind: 'seller', sellerId: session.seller_id, sessionId: session.id }
          : null;
      if (principal) recent.set(tokenHash, principal, session!.expires_at.getTime());
      return principal;
    },

    /** Which of these sessions are still usable; the WebSocket hub re-checks so a revoked session stops receiving. */
    async activeAmong(sessionIds: string[]): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db.session.findMany({
        where: { id: { in: sessionIds }, revokedAt: null, expiresAt: { gt: new Date() } },
        select: { id: true },
      });
      return new Set(rows.map((r) => r.id));
    },

    async revoke(token: string | undefined): Promise<void> {
      if (!token) return;
      const tokenHash = hashToken(token);
      recent.delete(tokenHash);
      await db.session.updateMany({ where: { tokenHash, revokedAt: null }, data: { revokedAt: new Date() } });
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
