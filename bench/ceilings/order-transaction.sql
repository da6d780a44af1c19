-- The database ceiling for POST /api/order/cod: the transaction the order service commits
-- (core/modules/orders/order-service.ts `insertOnce`, order-repository.ts, outbox-writer.ts), written by hand and run by
-- `pgbench -c 8 -j 2 -M prepared` (bench/order-placement.ts). Statement for statement:
--   price the lines from the database (one SELECT of both products), insert the order with its address snapshot (jsonb),
--   its two item snapshots (one multi-row INSERT) and its first history row, append the `order.placed` outbox event
--   (jsonb) and its pg_notify in one statement, empty the shopper's cart, and last take the stock with the guarded
--   UPDATEs (in product-id order, as the service does), then commit.
-- Deliberate differences:
--   * Prisma re-reads the order after its nested create (a SELECT by id): an ORM round trip, not part of the ceiling.
--   * Row ids come from gen_random_uuid() on the server instead of the client.
--   * The outbox row is written already published (published_at = now()): the same write, but the worker's relay
--     leaves these synthetic events alone, so the ceiling is the database's alone.
--   * Users and products are drawn from the helper tables bench_users / bench_pick (n → id) that order-placement.ts
--     fills with the same shoppers and products the HTTP run uses; pick a < b keeps the lock order by product id.
\set u random(1, :users)
\set a random(1, :products - 1)
\set b random(:a + 1, :products)
\set qa random(1, 2)
\set qb random(1, 2)
BEGIN;
SELECT a.id AS ida, a.name AS namea, a.category AS cata, coalesce(a.images[1], '') AS imga, a.offer_price_paise AS pricea,
       b.id AS idb, b.name AS nameb, b.category AS catb, coalesce(b.images[1], '') AS imgb, b.offer_price_paise AS priceb,
       (SELECT id FROM bench_users WHERE n = :u) AS uid
  FROM products a, products b
 WHERE a.id = (SELECT id FROM bench_pick WHERE n = :a) AND b.id = (SELECT id FROM bench_pick WHERE n = :b)
   AND a.deleted_at IS NULL AND b.deleted_at IS NULL \gset
\set amount :pricea * :qa + :priceb * :qb + 200
INSERT INTO orders (id, order_id, user_id, amount_paise, status, payment_type, is_paid, version, address, idempotency_key, created_at, updated_at)
VALUES (gen_random_uuid(), 'OD' || to_char(now(), 'YYMMDD') || upper(substr(md5(random()::text), 1, 10)), :uid::uuid, :amount::int,
        'Order Placed', 'COD', false, 1,
        '{"_id":"5f1c9a52-3c1e-4a39-9d7e-0d5e2b9b8a11","firstName":"Asha","lastName":"Shopper","email":"asha@bench.example.in","street":"1 MG Road","city":"Pune","state":"Maharashtra","zipcode":"411001","country":"India","phone":"9810000001"}'::jsonb,
        NULL, now(), now())
RETURNING id AS oid \gset
INSERT INTO order_items (id, order_id, product_id, name, image, category, unit_price_paise, quantity)
VALUES (gen_random_uuid(), :oid::uuid, :ida::uuid, :namea, :imga, :cata, :pricea::int, :qa::int),
       (gen_random_uuid(), :oid::uuid, :idb::uuid, :nameb, :imgb, :catb, :priceb::int, :qb::int);
INSERT INTO order_history (id, order_id, from_status, to_status, actor_type, actor_id, at)
VALUES (gen_random_uuid(), :oid::uuid, NULL, 'Order Placed', 'user', :uid, now());
WITH event AS (
  INSERT INTO outbox (id, type, queue, payload, created_at, published_at)
  VALUES (gen_random_uuid(), 'order.placed', 'orders', jsonb_build_object('orderId', :oid::text, 'userId', :uid::text),
          clock_timestamp() AT TIME ZONE 'UTC', now())
)
SELECT pg_notify('outbox_event', '');
DELETE FROM cart_items WHERE user_id = :uid::uuid;
UPDATE products SET stock_quantity = stock_quantity - :qa::int, in_stock = stock_quantity - :qa::int > 0, updated_at = now()
 WHERE id = :ida::uuid AND deleted_at IS NULL AND in_stock AND stock_quantity >= :qa::int RETURNING stock_quantity;
UPDATE products SET stock_quantity = stock_quantity - :qb::int, in_stock = stock_quantity - :qb::int > 0, updated_at = now()
 WHERE id = :idb::uuid AND deleted_at IS NULL AND in_stock AND stock_quantity >= :qb::int RETURNING stock_quantity;
END;
