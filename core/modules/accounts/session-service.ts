import { createHash, randomBytes } from 'node:crypto';
import { inBatches } from '../../infra/batches';
import type { SessionRepository } from './session-repository';

export type Principal = { kind: 'user'; userId: string; sessionId: string } | { kind: 'seller'; sellerId: string; sessionId: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How many session ids one liveness query carries (one array parameter each; see liveAmong). */
export const ACTIVE_CHECK_BATCH = 10_000;

/**
 * Opaque random session tokens; only their SHA-256 hash is stored, so a database leak does not leak sessions.
 * A session belongs to a user or to a seller, never both. Every request decides liveness in the database (one
 * indexed read), so a revoked session is refused by every API process at once; `onRevoked` tells the live sockets
 * (session-revocations.ts), which would otherwise only notice at their next heartbeat.
 */
export function createSessionService(deps: { repo: SessionRepository; ttlMs: number; onRevoked?: (sessionIds: string[]) => void }) {
  const { repo, ttlMs, onRevoked = () => {} } = deps;

  async function revokeWhere(where: Parameters<SessionRepository['revoke']>[0]): Promise<string[]> {
    const ids = await repo.revoke(where);
    if (ids.length > 0) onRevoked(ids);
    return ids;
  }

  return {
    async create(owner: { userId: string } | { sellerId: string }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await repo.create({ tokenHash: hashToken(token), expiresAt, ...owner });
      return { token, expiresAt };
    },

    /** The live principal behind a token, or null when unknown, expired or revoked. */
    async resolve(token: string | undefined): Promise<Principal | null> {
      if (!token || token.length > 100) return null;
      const session = await repo.findLive(hashToken(token));
      if (session?.userId) return { kind: 'user', userId: session.userId, sessionId: session.id };
      if (session?.sellerId) return { kind: 'seller', sellerId: session.sellerId, sessionId: session.id };
      return null;
    },

    /**
     * Which of these sessions are still usable; the WebSocket hub re-checks so a revoked or expired session stops
     * receiving. Any number of ids, in batches of ACTIVE_CHECK_BATCH.
     */
    async activeAmong(sessionIds: string[]): Promise<Set<string>> {
      const active = new Set<string>();
      for (let i = 0; i < sessionIds.length; i += ACTIVE_CHECK_BATCH) {
        for (const id of await repo.liveAmong(sessionIds.slice(i, i + ACTIVE_CHECK_BATCH))) active.add(id);
      }
      return active;
    },

    /** Logout: the token stops working everywhere, and its sockets close. */
    async revoke(token: string | undefined): Promise<void> {
      if (token) await revokeWhere({ tokenHash: hashToken(token) });
    },

    /** Sessions that ended (expired or revoked) before `before` are deleted: they can never be used again. */
    purgeEnded(before: Date, batch = 5000): Promise<number> {
      return inBatches(batch, () => repo.purgeEnded(before, batch));
    },

    /** Every open session of an account, e.g. after its password changed. */
    revokeAllOf(owner: { userId: string } | { sellerId: string }): Promise<string[]> {
      return revokeWhere(owner);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
