import type { Tx } from '../../infra/prisma';

/**
 * Bumps an order's version for a change that is not a status move (its refund moved), so clients take the
 * announcement that follows as news (they keep the newest version). Returns the owner, to address the announcement.
 */
export async function touchOrder(tx: Tx, orderId: string): Promise<{ userId: string } | null> {
  const rows = await tx.$queryRaw<{ user_id: string }[]>`
    UPDATE orders SET version = version + 1, updated_at = now() AT TIME ZONE 'UTC' WHERE id = ${orderId}::uuid RETURNING user_id::text`;
  return rows[0] ? { userId: rows[0].user_id } : null;
}
