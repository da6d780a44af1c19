-- The database ceiling for POST /api/order/cod: the SQL the order service sends for one order
-- (core/modules/orders/order-repository.ts), run by `pgbench -c 8 -j 2 -M prepared` (bench/order-placement.ts):
--   1. `loadCheckout`: the idempotency key's earlier order, the shopper's address and the two products, in one query;
--   2. `insertPlaced`: one call of `place_order` (prisma/migrations/*_place_order_function), which writes the order,
--      its items, history, outbox event and emptied cart and reserves the stock, atomically.
-- Deliberate differences:
--   * Shoppers, their addresses and products are drawn from helper tables (bench_users, bench_pick: n → id) that
--     order-placement.ts fills with the very shoppers and products the HTTP run uses; the lookups are folded into the
--     first query, so the round trips stay two.
--   * The application prices the lines and builds the order in JavaScript; here prices, names and the amount are
--     placeholders. The `order.placed` payload is a representative order of the same size (:order_payload), sent as
--     a parameter as the application sends it.
--   * Its outbox rows stay unpublished like the application's; order-placement.ts pauses the worker while pgbench
--     runs and marks them published before resuming it, so the ceiling is the database's alone.
\set u random(1, :users)
\set a random(1, :products - 1)
\set b random(:a + 1, :products)
\set qa random(1, 2)
\set qb random(1, 2)
SELECT u.id AS uid, u.address_id AS aid, pa.id AS ida, pb.id AS idb,
  (SELECT id::text FROM orders WHERE user_id = u.id AND idempotency_key = NULL) AS existing,
  (SELECT jsonb_build_object('id', id, 'firstName', first_name, 'lastName', last_name, 'email', email, 'street', street,
                             'city', city, 'state', state, 'zipcode', zipcode, 'country', country, 'phone', phone)
     FROM addresses WHERE id = u.address_id AND user_id = u.id) AS address,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('id', id, 'name', name, 'category', category, 'images', images,
                             'offerPricePaise', offer_price_paise, 'inStock', in_stock, 'stockQuantity', stock_quantity)), '[]')
     FROM products WHERE id = ANY(ARRAY[pa.id, pb.id]) AND deleted_at IS NULL) AS lines
  FROM bench_users u, bench_pick pa, bench_pick pb
 WHERE u.n = :u AND pa.n = :a AND pb.n = :b \gset
SELECT place_order(
  gen_random_uuid(), 'OD' || upper(substr(md5(random()::text), 1, 12)), :uid::uuid, 10000, 'Order Placed'::"OrderStatus",
  'COD'::"PaymentType", :address::jsonb, NULL,
  jsonb_build_array(
    jsonb_build_object('id', gen_random_uuid(), 'productId', :ida::text, 'name', 'Alphonso Mango 1kg', 'image', '/catalog-images/mango.svg',
                       'category', 'Fruits', 'unitPricePaise', 4900, 'quantity', :qa::int, 'counted', true),
    jsonb_build_object('id', gen_random_uuid(), 'productId', :idb::text, 'name', 'Fresh Paneer 200g', 'image', '/catalog-images/paneer.svg',
                       'category', 'Dairy', 'unitPricePaise', 9000, 'quantity', :qb::int, 'counted', true)),
  gen_random_uuid(), gen_random_uuid(), :order_payload::jsonb, (now() AT TIME ZONE 'UTC')::timestamp(3),
  'order.placed', 'orders', 'stock.changed', 'stock', 'ordered', 'outbox_event');
