import { createHash, randomBytes } from 'node:crypto';
import { createSessionCache } from './session-cache';
import type { SessionRepository } from './session-repository';

export type Principal = { kind: 'user'; userId: string; sessionId: string } | { kind: 'seller'; sellerId: string; sessionId: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque random session tokens; only their SHA-256 hash is stored, so a database leak does not leak sessions.
 * A session belongs to a user or to a seller, never both.
 */
export function createSessionService(deps: { repo: SessionRepository; ttlMs: number; cacheMs: number }) {
  const { repo, ttlMs } = deps;
  const recent = createSessionCache<Principal>(deps.cacheMs);
  return {
    async create(owner: { userId: string } | { sellerId: string }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await repo.create({ tokenHash: hashToken(token), expiresAt, ...owner });
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
      const session = await repo.findLive(tokenHash);
      const principal: Principal | null = session?.userId
        ? { kind: 'user', userId: session.userId, sessionId: session.id }
        : session?.sellerId
          ? { kind: 'seller', sellerId: session.sellerId, sessionId: session.id }
          : null;
      if (principal) recent.set(tokenHash, principal, session!.expiresAt.getTime());
      return principal;
    },

    /** Which of these sessions are still usable; the WebSocket hub re-checks so a revoked session stops receiving. */
    async activeAmong(sessionIds: string[]): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      return new Set(await repo.liveAmong(sessionIds));
    },

    async revoke(token: string | undefined): Promise<void> {
      if (!token) return;
      const tokenHash = hashToken(token);
      recent.delete(tokenHash);
      await repo.revoke(tokenHash);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
