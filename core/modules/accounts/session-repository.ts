import { sqlOf, type Db } from '../../infra/prisma';

export type SessionRow = { id: string; userId: string | null; sellerId: string | null; expiresAt: Date };

/** Sessions by the hash of their token; the token itself is never stored. */
export function createSessionRepository(db: Db) {
  const sql = sqlOf(db);
  return {
    async create(data: { tokenHash: string; expiresAt: Date } & ({ userId: string } | { sellerId: string })): Promise<void> {
      await db.session.create({ data });
    },

    /**
     * The session behind a hash if it is neither revoked nor expired: liveness is decided by the database clock. Most
     * signed-in requests that miss the session cache make this read, so it goes straight to the pool (`sqlOf`). The
     * expiry is read as a moment (stored in UTC without a zone), so no process time zone can shift it.
     */
    async findLive(tokenHash: string): Promise<SessionRow | null> {
      const [row] = await sql.rows<{ id: string; user_id: string | null; seller_id: string | null; expires_at: Date }>(
        `SELECT id::text, user_id::text, seller_id::text, expires_at AT TIME ZONE 'UTC' AS expires_at FROM sessions
          WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() AT TIME ZONE 'UTC'`,
        [tokenHash],
      );
      return row ? { id: row.id, userId: row.user_id, sellerId: row.seller_id, expiresAt: row.expires_at } : null;
    },

    /**
     * Which of these ids are no longer live sessions: revoked, expired, or gone. Usually none are, so the answer is
     * usually empty, where a list of the live ones would bring back every id asked about. The ids travel as one array
     * parameter, so the statement text is the same whatever their number (one prepared statement, straight on the
     * pool, and no parameter-count limit).
     */
    async endedAmong(ids: string[]): Promise<string[]> {
      const rows = await sql.rows<{ id: string }>(
        `SELECT asked.id::text FROM unnest($1::uuid[]) AS asked(id)
          WHERE NOT EXISTS (SELECT 1 FROM sessions s
                             WHERE s.id = asked.id AND s.revoked_at IS NULL AND s.expires_at > now() AT TIME ZONE 'UTC')`,
        [ids],
      );
      return rows.map((r) => r.id);
    },

    /** Deletes up to `limit` sessions that expired or were revoked before `before`; answers how many. */
    purgeEnded(before: Date, limit: number): Promise<number> {
      return db.$executeRaw`
        DELETE FROM sessions WHERE id IN (
          SELECT id FROM sessions WHERE expires_at < ${before} OR revoked_at < ${before} LIMIT ${limit})`;
    },

    /** Revokes the sessions that match and are not revoked yet; answers their ids. */
    async revoke(where: { tokenHash: string } | { userId: string } | { sellerId: string }): Promise<string[]> {
      const rows = await db.session.updateManyAndReturn({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() }, select: { id: true } });
      return rows.map((r) => r.id);
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
