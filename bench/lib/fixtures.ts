import type pg from 'pg';
import { ok, type Shopper } from './shoppers';
import type { Api } from './stack';

/**
 * `count` cash-on-delivery orders of one product, status Order Placed, written straight into the database the way the
 * order service writes them (order with its address snapshot, one item snapshot, the first history row). Cheaper
 * than placing hundreds of orders through the API when the orders are only the subject of another measurement.
 */
export async function insertPlacedOrders(api: Api, db: pg.Pool, shopper: Shopper, productId: string, count: number): Promise<string[]> {
  const addresses = await ok(api, 'GET', '/api/address/get', { cookie: shopper.cookie });
  const address = (addresses.body.addresses as { _id: string }[]).find((a) => a._id === shopper.addressId);
  if (!address) throw new Error("the shopper's address is missing");
  const { rows } = await db.query<{ order_id: string }>(
    `WITH p AS (SELECT * FROM products WHERE id = $3::uuid),
     o AS (
       INSERT INTO orders (id, order_id, user_id, amount_paise, status, payment_type, is_paid, version, address, created_at, updated_at)
       SELECT gen_random_uuid(), 'ODB' || upper(substr(md5(random()::text), 1, 11)), $1::uuid, p.offer_price_paise + 200,
              'Order Placed', 'COD', false, 1, $2::jsonb, now(), now()
         FROM generate_series(1, $4::int), p
       RETURNING id),
     i AS (
       INSERT INTO order_items (id, order_id, product_id, name, image, category, unit_price_paise, quantity)
       SELECT gen_random_uuid(), o.id, p.id, p.name, coalesce(p.images[1], ''), p.category, p.offer_price_paise, 1 FROM o, p)
     INSERT INTO order_history (id, order_id, from_status, to_status, actor_type, actor_id, at)
     SELECT gen_random_uuid(), o.id, NULL, 'Order Placed', 'user', $1, now() FROM o
     RETURNING order_id`,
    [shopper.userId, JSON.stringify(address), productId, count],
  );
  return rows.map((r) => r.order_id);
}
