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

    /** The live principal behind a token, or null when unknown, expired or revoked. */
    async resolve(token: string | undefined): Promise<Principal | null> {
      if (!token || token.length > 100) return null;
      const session = await db.session.findUnique({
        where: { tokenHash: hashToken(token) },
        select: { id: true, userId: true, sellerId: true, expiresAt: true, revokedAt: true },
      });
      if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) return null;
      if (session.userId) return { kind: 'user', userId: session.userId, sessionId: session.id };
      if (session.sellerId) return { kind: 'seller', sellerId: session.sellerId, sessionId: session.id };
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
