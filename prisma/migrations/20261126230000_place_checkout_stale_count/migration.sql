-- place_checkout refuses a checkout whose read of a product's stock counting went stale before its write (FC412, the
-- product's id as DETAIL): a product its seller started counting since the read would otherwise be ordered without
-- its units being taken (oversold), and one the seller stopped counting would be refused as out of stock. The
-- application reads again and builds the checkout anew (core/modules/orders/order-service.ts). The rest of the
-- function is as 20261126181000_place_checkout_store_still_sells left it.

CREATE OR REPLACE FUNCTION place_checkout(
  -- { id, checkoutId, userId, amountPaise, feePaise, paymentType, idempotencyKey, idempotencyFingerprint }
  p_checkout JSONB,
  -- [{ id, orderId, sellerId, amountPaise, feePaise, historyId, eventId, eventPayload,
  --    items: [{ id, productId, name, image, category, unitPricePaise, quantity, counted }] }]
  p_orders JSONB,
  p_status "OrderStatus",
  p_address JSONB,
  p_at TIMESTAMP(3),
  -- The names the application owns (core/contracts/events.ts, core/modules/outbox/outbox-writer.ts):
  p_placed_event TEXT,      -- each order's event type ('order.placed')
  p_placed_queue TEXT,      -- and its queue
  p_sold_out_event TEXT,    -- the event for a product the checkout sells out ('stock.changed')
  p_sold_out_queue TEXT,    -- and its queue
  p_sold_out_reason TEXT,   -- that event's `reason`
  p_channel TEXT,           -- a channel to NOTIFY at commit, or NULL for none (see above)
  -- When Pending orders expire, and how many unpaid online checkouts the shopper may hold at once (this one
  -- included). Left out (NULL): never, no limit.
  p_expires_at TIMESTAMP(3) DEFAULT NULL,
  p_max_unpaid INTEGER DEFAULT NULL
) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_user_id UUID := (p_checkout->>'userId')::uuid;
  v_checkout_id UUID := (p_checkout->>'id')::uuid;
  v_order JSONB;
  v_line RECORD;
  v_left INTEGER;
  v_unpaid INTEGER;
  v_counts_now BOOLEAN;
BEGIN
  IF p_status = 'Pending' AND p_max_unpaid IS NOT NULL THEN
    -- Before any insert: inserting key-share locks the shopper's row (foreign keys), and two checkouts that each did
    -- so before asking for this lock would wait on each other.
    PERFORM 1 FROM users WHERE id = v_user_id FOR NO KEY UPDATE;
  END IF;

  INSERT INTO checkouts (id, checkout_id, user_id, amount_paise, fee_paise, payment_type, idempotency_key,
                         idempotency_fingerprint, created_at)
  VALUES (v_checkout_id, p_checkout->>'checkoutId', v_user_id, (p_checkout->>'amountPaise')::integer,
          (p_checkout->>'feePaise')::integer, (p_checkout->>'paymentType')::"PaymentType",
          p_checkout->>'idempotencyKey', p_checkout->>'idempotencyFingerprint', p_at);

  IF p_status = 'Pending' AND p_max_unpaid IS NOT NULL THEN
    -- Under the lock above, a new snapshot that sees every earlier checkout's commit; this one's orders are not in
    -- yet, hence >=.
    SELECT count(DISTINCT checkout_id) INTO v_unpaid FROM orders WHERE user_id = v_user_id AND status = 'Pending';
    IF v_unpaid >= p_max_unpaid THEN
      RAISE EXCEPTION USING ERRCODE = 'FC429', MESSAGE = 'too_many_unpaid_orders', DETAIL = v_unpaid::text;
    END IF;
  END IF;

  FOR v_order IN SELECT value FROM jsonb_array_elements(p_orders) LOOP
    -- The store must still sell. The checkout's read saw it approved, but an operator's suspension may have committed
    -- since, or be committing now: this lock (the one the order's foreign key takes anyway) waits for a change of
    -- standing in progress, and the status is then read as that change left it. A suspension that comes after this
    -- lock waits for the checkout instead, and the order stays, serviceable like the store's other open orders.
    PERFORM 1 FROM sellers WHERE id = (v_order->>'sellerId')::uuid AND status = 'approved' FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'FC410', MESSAGE = 'store_not_selling', DETAIL = v_order->>'sellerId';
    END IF;

    INSERT INTO orders (id, order_id, user_id, checkout_id, seller_id, amount_paise, fee_paise, status, payment_type,
                        is_paid, version, address, expires_at, created_at, updated_at)
    VALUES ((v_order->>'id')::uuid, v_order->>'orderId', v_user_id, v_checkout_id, (v_order->>'sellerId')::uuid,
            (v_order->>'amountPaise')::integer, (v_order->>'feePaise')::integer, p_status,
            (p_checkout->>'paymentType')::"PaymentType", false, 1, p_address, p_expires_at, p_at, p_at);

    INSERT INTO order_items (id, order_id, product_id, name, image, category, unit_price_paise, quantity, stock_taken)
    SELECT i.id, (v_order->>'id')::uuid, i."productId", i.name, i.image, i.category, i."unitPricePaise", i.quantity, i.counted
      FROM jsonb_to_recordset(v_order->'items')
        AS i(id UUID, "productId" UUID, name TEXT, image TEXT, category TEXT, "unitPricePaise" INTEGER, quantity INTEGER,
             counted BOOLEAN);

    INSERT INTO order_history (id, order_id, from_status, to_status, actor_type, actor_id, at)
    VALUES ((v_order->>'historyId')::uuid, (v_order->>'id')::uuid, NULL, p_status, 'user', v_user_id::text, p_at);

    -- clock_timestamp(): several events of one transaction keep the order they were written in.
    INSERT INTO outbox (id, type, queue, payload, created_at)
    VALUES ((v_order->>'eventId')::uuid, p_placed_event, p_placed_queue, v_order->'eventPayload',
            clock_timestamp() AT TIME ZONE 'UTC');
  END LOOP;

  IF p_status <> 'Pending' THEN
    DELETE FROM cart_items WHERE user_id = v_user_id;
  END IF;

  -- Stock last, across all orders, in product id order (a product appears in one order only: one store sells it).
  FOR v_line IN
    SELECT i."productId" AS product_id, i.quantity, i.counted
      FROM jsonb_array_elements(p_orders) o,
           jsonb_to_recordset(o.value->'items') AS i("productId" UUID, quantity INTEGER, counted BOOLEAN)
     ORDER BY i."productId"
  LOOP
    IF NOT v_line.counted THEN
      -- No units to take, but still on sale: a delete or switch-off that committed since the checkout's read is seen
      -- here, and one in progress is waited for.
      SELECT stock_quantity IS NOT NULL INTO v_counts_now
        FROM products WHERE id = v_line.product_id AND deleted_at IS NULL AND in_stock FOR SHARE;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'FC409', MESSAGE = 'out_of_stock', DETAIL = v_line.product_id::text;
      END IF;
      -- Counted since the read: this line would take none of its units.
      IF v_counts_now THEN
        RAISE EXCEPTION USING ERRCODE = 'FC412', MESSAGE = 'stock_count_changed', DETAIL = v_line.product_id::text;
      END IF;
      CONTINUE;
    END IF;
    UPDATE products
       SET stock_quantity = stock_quantity - v_line.quantity,
           in_stock = stock_quantity - v_line.quantity > 0,
           updated_at = p_at
     WHERE id = v_line.product_id
       AND deleted_at IS NULL
       AND in_stock
       AND stock_quantity >= v_line.quantity
    RETURNING stock_quantity INTO v_left;
    IF NOT FOUND THEN
      -- No longer counted since the read (and still on sale): nothing is short, the read is stale.
      PERFORM 1 FROM products WHERE id = v_line.product_id AND deleted_at IS NULL AND in_stock AND stock_quantity IS NULL;
      IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'FC412', MESSAGE = 'stock_count_changed', DETAIL = v_line.product_id::text;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'FC409', MESSAGE = 'out_of_stock', DETAIL = v_line.product_id::text;
    END IF;
    IF v_left = 0 THEN
      -- The payload of core/contracts/events.ts `stock.changed`.
      INSERT INTO outbox (id, type, queue, payload, created_at)
      VALUES (gen_random_uuid(), p_sold_out_event, p_sold_out_queue,
              jsonb_build_object('productId', v_line.product_id, 'reason', p_sold_out_reason),
              clock_timestamp() AT TIME ZONE 'UTC');
    END IF;
  END LOOP;

  IF p_channel IS NOT NULL THEN
    PERFORM pg_notify(p_channel, '');
  END IF;
END
$$;
