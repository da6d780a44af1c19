import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../infra/prisma';

export type Principal = { kind: 'user'; userId: string; sessionId: string } | { kind: 'seller'; sellerId: string; sessionId: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque random session tokens; only their SHA-256 hash is stored, so a database leak does not leak sessions.
 * A session belongs to a user or to a seller, never both.
 */
export function createSessionService(db: Db, ttlMs: number) {
  return {
    async create(owner: { userId: string } | { sellerId: string }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.session.create({ data: { tokenHash: hashToken(token), expiresAt, ...owner } });
      return { token, expiresAt };
    },

    /**
     * The live principal behind a token, or null when unknown, expired or revoked. Every signed-in request asks
     * this, so it is one plain indexed read that also decides liveness in the database.
     */
    async resolve(token: string | undefined): Promise<Principal | null> {
      if (!token || token.length > 100) return null;
      const [session] = await db.$queryRaw<{ id: string; user_id: string | null; seller_id: string | null }[]>`
        SELECT id::text, user_id::text, seller_id::text FROM sessions
         WHERE token_hash = ${hashToken(token)} AND revoked_at IS NULL AND expires_at > now() AT TIME ZONE 'UTC'`;
      if (session?.user_id) return { kind: 'user', userId: session.user_id, sessionId: session.id };
      if (session?.seller_id) return { kind: 'seller', sellerId: session.seller_id, sessionId: session.id };
      return null;
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
      await db.session.updateMany({ where: { tokenHash: hashToken(token), revokedAt: null }, data: { revokedAt: new Date() } });
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
