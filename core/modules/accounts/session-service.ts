import { createHash, randomBytes } from 'node:crypto';
import { inBatches } from '../../infra/batches';
import { createSessionCache } from './session-cache';
import type { SessionRepository } from './session-repository';

export type Principal = { kind: 'user'; userId: string; sessionId: string } | { kind: 'seller'; sellerId: string; sessionId: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long a revocation is remembered past the cache: far longer than any one read of a session takes. */
const REVOKED_MEMORY_MS = 60_000;

/** How many session ids one liveness query carries (one array parameter each; see endedAmong). */
export const SESSION_CHECK_BATCH = 10_000;

/**
 * Opaque random session tokens; only their SHA-256 hash is stored, so a database leak does not leak sessions.
 * A session belongs to a user or to a seller, never both. A revocation is published (`onRevoked`,
 * session-revocations.ts) so every API process drops the session from its short memory and closes its sockets.
 */
export function createSessionService(deps: { repo: SessionRepository; ttlMs: number; cacheMs: number; onRevoked?: (sessionIds: string[]) => void }) {
  const { repo, ttlMs, onRevoked = () => {} } = deps;
  const recent = createSessionCache<Principal>(deps.cacheMs);
  /**
   * Sessions revoked lately (id → when this process heard), kept a minute: a read of a session that was already on
   * its way when the revocation arrived still finds it live, and must neither be believed nor remembered; a socket
   * being identified meanwhile is not in the hub yet, so the revocation closed nothing for it.
   */
  const revokedLately = new Map<string, number>();

  function forget(sessionIds: string[]): void {
    const now = Date.now();
    for (const [id, at] of revokedLately) {
      if (at > now - REVOKED_MEMORY_MS) break;
      revokedLately.delete(id);
    }
    for (const id of sessionIds) {
      // Re-inserted, so the map stays in the order heard and the pruning above can stop at the first recent one.
      revokedLately.delete(id);
      revokedLately.set(id, now);
    }
    const ids = new Set(sessionIds);
    recent.deleteWhere((principal) => ids.has(principal.sessionId));
  }

  async function revokeWhere(where: Parameters<SessionRepository['revoke']>[0]): Promise<string[]> {
    const ids = await repo.revoke(where);
    if (ids.length > 0) {
      forget(ids);
      onRevoked(ids);
    }
    return ids;
  }

  return {
    async create(owner: { userId: string } | { sellerId: string }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await repo.create({ tokenHash: hashToken(token), expiresAt, ...owner });
      return { token, expiresAt };
    },

    /**
     * The live principal behind a token, or null when unknown, expired or revoked: one indexed read that decides
     * liveness in the database, remembered briefly (session-cache.ts).
     */
    async resolve(token: string | undefined): Promise<Principal | null> {
      if (!token || token.length > 100) return null;
      const tokenHash = hashToken(token);
      const remembered = recent.get(tokenHash);
      if (remembered) return remembered;
      const session = await repo.findLive(tokenHash);
      if (session && revokedLately.has(session.id)) return null;
      const principal: Principal | null = session?.userId
        ? { kind: 'user', userId: session.userId, sessionId: session.id }
        : session?.sellerId
          ? { kind: 'seller', sellerId: session.sellerId, sessionId: session.id }
          : null;
      if (principal) recent.set(tokenHash, principal, session!.expiresAt.getTime());
      return principal;
    },

    /** Another process revoked these sessions (the revocation channel): this process forgets them at once. */
    forgetRevoked: forget,

    /** Whether this process heard of the session's revocation within the last minute. */
    revokedLately: (sessionId: string): boolean => revokedLately.has(sessionId),

    /**
     * Which of these sessions are no longer usable (revoked, expired or gone); the WebSocket hub re-checks so a
     * revoked or expired session stops receiving. Any number of ids, in batches of SESSION_CHECK_BATCH.
     */
    async endedAmong(sessionIds: string[]): Promise<string[]> {
      const ended: string[] = [];
      for (let i = 0; i < sessionIds.length; i += SESSION_CHECK_BATCH) {
        ended.push(...(await repo.endedAmong(sessionIds.slice(i, i + SESSION_CHECK_BATCH))));
      }
      return ended;
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
