-- The database ceiling for POST /api/order/cod: the SQL the order service sends for one checkout
-- (core/modules/orders/order-repository.ts), run by `pgbench -c 8 -j 2 -M prepared` (bench/order-placement.ts):
--   1. `loadCheckout`: the idempotency key's earlier checkout, the shopper's address and the two products with their
--      stores, in one query;
--   2. `insertCheckout`: one call of `place_checkout` (prisma/migrations/*_place_checkout), which writes the checkout,
--      its order, items, history and outbox event, empties the cart and reserves the stock, atomically.
-- Deliberate differences:
--   * Shoppers, their addresses and products are drawn from helper tables (bench_users, bench_pick: n → id) that
--     order-placement.ts fills with the very shoppers and products the HTTP run uses; the lookups are folded into the
--     first query, so the round trips stay two. The products all belong to one store, as in the HTTP run, so each
--     checkout is one order.
--   * The application prices the lines and builds the checkout in JavaScript; here prices, names and amounts are
--     placeholders. The `order.placed` payload is a representative order of the same size (:order_payload), sent as
--     a parameter as the application sends it. Each checkout carries a fresh idempotency key, as every real submit does.
--   * Its outbox rows stay unpublished like the application's; order-placement.ts pauses the worker while pgbench
--     runs and marks them published before resuming it, so the ceiling is the database's alone.
\set u random(1, :users)
\set a random(1, :products - 1)
\set b random(:a + 1, :products)
\set qa random(1, 2)
\set qb random(1, 2)
\set k random(1, 1000000000000)
SELECT u.id AS uid, u.address_id AS aid, pa.id AS ida, pb.id AS idb,
  (SELECT id::text FROM checkouts WHERE user_id = u.id AND idempotency_key = 'bench-' || :k::text) AS existing,
  (SELECT jsonb_build_object('id', id, 'firstName', first_name, 'lastName', last_name, 'email', email, 'street', street,
                             'city', city, 'state', state, 'zipcode', zipcode, 'country', country, 'phone', phone)
     FROM addresses WHERE id = u.address_id AND user_id = u.id) AS address,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'category', p.category, 'images', p.images,
                             'offerPricePaise', p.offer_price_paise, 'inStock', p.in_stock, 'stockQuantity', p.stock_quantity,
                             'sellerId', p.seller_id, 'storeName', s.store_name)), '[]')
     FROM products p JOIN sellers s ON s.id = p.seller_id AND s.status = 'approved'
    WHERE p.id = ANY(ARRAY[pa.id, pb.id]) AND p.deleted_at IS NULL) AS lines,
  (SELECT seller_id FROM products WHERE id = pa.id) AS sid
  FROM bench_users u, bench_pick pa, bench_pick pb
 WHERE u.n = :u AND pa.n = :a AND pb.n = :b \gset
SELECT place_checkout(
  jsonb_build_object('id', gen_random_uuid(), 'checkoutId', 'CK' || upper(substr(md5(random()::text), 1, 12)), 'userId', :uid::text,
                     'amountPaise', 10000, 'feePaise', 200, 'paymentType', 'COD', 'idempotencyKey', 'bench-' || :k::text,
                     'idempotencyFingerprint', md5(:k::text)),
  jsonb_build_array(jsonb_build_object(
    'id', gen_random_uuid(), 'orderId', 'OD' || upper(substr(md5(random()::text), 1, 12)), 'sellerId', :sid::text,
    'amountPaise', 10000, 'feePaise', 200, 'historyId', gen_random_uuid(), 'eventId', gen_random_uuid(),
    'eventPayload', :order_payload::jsonb,
    'items', jsonb_build_array(
      jsonb_build_object('id', gen_random_uuid(), 'productId', :ida::text, 'name', 'Alphonso Mango 1kg', 'image', '/catalog-images/mango.svg',
                         'category', 'Fruits', 'unitPricePaise', 4900, 'quantity', :qa::int, 'counted', true),
      jsonb_build_object('id', gen_random_uuid(), 'productId', :idb::text, 'name', 'Fresh Paneer 200g', 'image', '/catalog-images/paneer.svg',
                         'category', 'Dairy', 'unitPricePaise', 9000, 'quantity', :qb::int, 'counted', true)))),
  'Order Placed'::"OrderStatus", :address::jsonb, (now() AT TIME ZONE 'UTC')::timestamp(3),
  'order.placed', 'orders', 'stock.changed', 'stock', 'ordered', NULL);
