import type { Db } from '../../infra/prisma';

export type SessionRow = { id: string; userId: string | null; sellerId: string | null; expiresAt: Date };

/** Sessions by the hash of their token; the token itself is never stored. */
export function createSessionRepository(db: Db) {
  return {
    async create(data: { tokenHash: string; expiresAt: Date } & ({ userId: string } | { sellerId: string })): Promise<void> {
      await db.session.create({ data });
    },

    /** The session behind a hash if it is neither revoked nor expired: liveness is decided by the database clock. */
    async findLive(tokenHash: string): Promise<SessionRow | null> {
      const [row] = await db.$queryRaw<{ id: string; user_id: string | null; seller_id: string | null; expires_at: Date }[]>`
        SELECT id::text, user_id::text, seller_id::text, expires_at FROM sessions
         WHERE token_hash = ${tokenHash} AND revoked_at IS NULL AND expires_at > now() AT TIME ZONE 'UTC'`;
      return row ? { id: row.id, userId: row.user_id, sellerId: row.seller_id, expiresAt: row.expires_at } : null;
    },

    async liveAmong(ids: string[]): Promise<string[]> {
      const rows = await db.session.findMany({ where: { id: { in: ids }, revokedAt: null, expiresAt: { gt: new Date() } }, select: { id: true } });
      return rows.map((r) => r.id);
    },

    async revoke(tokenHash: string): Promise<void> {
      await db.session.updateMany({ where: { tokenHash, revokedAt: null }, data: { revokedAt: new Date() } });
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
