import type pg from 'pg';
import { loadConfig } from '../../core/infra/config';
import { ok } from './shoppers';
import type { Stack } from './stack';

/** The address snapshot an order keeps (the shape POST /api/address/add stores). */
const ADDRESS = {
  _id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Asha', lastName: 'Shopper', email: 'asha@bench.example.in', street: '12 MG Road', city: 'Pune',
  state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '9812345678',
};

/**
 * Placed cash-on-delivery orders of one product, status Order Placed, written straight into the database the way
 * `place_checkout` writes them: per order a checkout of one store's order, one item snapshot and the first history row.
 * Order i belongs to shopper i modulo the list. Cheaper than placing thousands through the API when the orders are
 * only the subject of another measurement. Returns the orders' ids with their shopper's.
 */
export async function insertPlacedOrders(db: pg.Pool, userIds: string[], productId: string, count: number): Promise<{ orderId: string; userId: string }[]> {
  const { rows } = await db.query<{ order_id: string; user_id: string }>(
    `WITH p AS (SELECT * FROM products WHERE id = $2::uuid),
     n AS (SELECT i, gen_random_uuid() AS checkout_id, gen_random_uuid() AS order_id,
                  ($1::uuid[])[1 + (i - 1) % cardinality($1::uuid[])] AS user_id
             FROM generate_series(1, $4::int) i),
     c AS (
       -- Foreign keys are checked at the end of the statement, so the orders below may name these checkouts.
       INSERT INTO checkouts (id, checkout_id, user_id, amount_paise, fee_paise, payment_type, created_at)
       SELECT n.checkout_id, 'CKB' || upper(substr(md5(random()::text), 1, 11)), n.user_id, p.offer_price_paise + 200, 200, 'COD', now()
         FROM n, p
       RETURNING id),
     o AS (
       INSERT INTO orders (id, order_id, user_id, checkout_id, seller_id, amount_paise, fee_paise, status, payment_type, is_paid,
                           version, address, created_at, updated_at)
       SELECT n.order_id, 'ODB' || upper(substr(md5(random()::text), 1, 11)), n.user_id, n.checkout_id, p.seller_id,
              p.offer_price_paise + 200, 200, 'Order Placed', 'COD', false, 1, $3::jsonb, now(), now()
         FROM n, p
       RETURNING id, user_id),
     i AS (
       INSERT INTO order_items (id, order_id, product_id, name, image, category, unit_price_paise, quantity)
       SELECT gen_random_uuid(), o.id, p.id, p.name, coalesce(p.images[1], ''), p.category, p.offer_price_paise, 1 FROM o, p)
     INSERT INTO order_history (id, order_id, from_status, to_status, actor_type, actor_id, at)
     SELECT gen_random_uuid(), o.id, NULL, 'Order Placed', 'user', o.user_id::text, now() FROM o
     RETURNING order_id, actor_id AS user_id`,
    [userIds, productId, JSON.stringify(ADDRESS), count],
  );
  return rows.map((r) => ({ orderId: r.order_id, userId: r.user_id }));
}

/** A counted-stock-free product of the configured seller's own store, and its DTO as the catalogue lists it. */
export async function operatorProduct(stack: Stack): Promise<{ id: string; dto: Record<string, unknown> }> {
  const { rows } = await stack.db.query<{ id: string }>(
    `SELECT p.id FROM products p JOIN sellers s ON s.id = p.seller_id
      WHERE s.email = $1 AND p.stock_quantity IS NULL AND p.in_stock AND p.deleted_at IS NULL ORDER BY p.created_at LIMIT 1`,
    [loadConfig({}).seller.email.toLowerCase()],
  );
  if (!rows[0]) throw new Error("no product without counted stock in the configured seller's store");
  const list = await ok(stack.api, 'GET', '/api/product/list');
  const dto = (list.body.products as { _id: string }[]).find((p) => p._id === rows[0]!.id);
  if (!dto) throw new Error('the product is not listed');
  return { id: rows[0].id, dto };
}
