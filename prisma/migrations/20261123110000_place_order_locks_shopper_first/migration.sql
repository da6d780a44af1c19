-- place_order, again (after 20261123100000_order_lifecycle), with one change: a capped Pending checkout locks the
-- shopper's row before it inserts the order instead of after. The insert's foreign key check key-share locks that row,
-- so two concurrent checkouts of one shopper used to each hold that share and wait for the other's to lock the row
-- (a deadlock, answered with a 500). Same signature, so the function is replaced in place.
CREATE OR REPLACE FUNCTION place_order(
  p_id UUID,
  p_order_id TEXT,
  p_user_id UUID,
  p_amount_paise INTEGER,
  p_status "OrderStatus",
  p_payment_type "PaymentType",
  p_address JSONB,
  p_idempotency_key TEXT,
  -- [{ id, productId, name, image, category, unitPricePaise, quantity, counted }]
  p_items JSONB,
  p_history_id UUID,
  p_event_id UUID,
  p_event_payload JSONB,
  p_at TIMESTAMP(3),
  -- The names the application owns (core/contracts/events.ts, core/modules/outbox/outbox-writer.ts):
  p_placed_event TEXT,      -- the order's event type ('order.placed')
  p_placed_queue TEXT,      -- and its queue
  p_sold_out_event TEXT,    -- the event for a product this order sells out ('stock.changed')
  p_sold_out_queue TEXT,    -- and its queue
  p_sold_out_reason TEXT,   -- that event's `reason`
  p_channel TEXT,           -- the channel the outbox relay LISTENs on
  -- What an idempotency key ordered, when a Pending order expires, and how many Pending online orders the shopper may
  -- hold at once (this one included). Left out (NULL): none, never, no limit.
  p_idempotency_fingerprint TEXT DEFAULT NULL,
  p_expires_at TIMESTAMP(3) DEFAULT NULL,
  p_max_unpaid INTEGER DEFAULT NULL
) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  v_line RECORD;
  v_left INTEGER;
  v_unpaid INTEGER;
BEGIN
  IF p_status = 'Pending' AND p_max_unpaid IS NOT NULL THEN
    -- The shopper's row lock comes before the order row: inserting the order key-share locks the same row (its
    -- foreign key), so two checkouts that each inserted first and then asked for this lock waited on each other
    -- (a deadlock). Taken first, concurrent checkouts of one shopper simply queue here and count one after the
    -- other. NO KEY UPDATE is enough to queue them and does not block other rows that merely reference the shopper.
    PERFORM 1 FROM users WHERE id = p_user_id FOR NO KEY UPDATE;
  END IF;

  -- A concurrent double submit waits on the idempotency key's unique index and fails there, before it could take
  -- stock from anyone.
  INSERT INTO orders (id, order_id, user_id, amount_paise, status, payment_type, is_paid, version, address,
                      idempotency_key, idempotency_fingerprint, expires_at, created_at, updated_at)
  VALUES (p_id, p_order_id, p_user_id, p_amount_paise, p_status, p_payment_type, false, 1, p_address,
          p_idempotency_key, p_idempotency_fingerprint, p_expires_at, p_at, p_at);

  IF p_status = 'Pending' AND p_max_unpaid IS NOT NULL THEN
    -- Counted after the insert and under the lock above: a new snapshot that sees every earlier checkout's commit.
    SELECT count(*) INTO v_unpaid FROM orders WHERE user_id = p_user_id AND status = 'Pending';
    IF v_unpaid > p_max_unpaid THEN
      RAISE EXCEPTION USING ERRCODE = 'FC429', MESSAGE = 'too_many_unpaid_orders', DETAIL = (v_unpaid - 1)::text;
    END IF;
  END IF;

  INSERT INTO order_items (id, order_id, product_id, name, image, category, unit_price_paise, quantity)
  SELECT i.id, p_id, i."productId", i.name, i.image, i.category, i."unitPricePaise", i.quantity
    FROM jsonb_to_recordset(p_items)
      AS i(id UUID, "productId" UUID, name TEXT, image TEXT, category TEXT, "unitPricePaise" INTEGER, quantity INTEGER);

  INSERT INTO order_history (id, order_id, from_status, to_status, actor_type, actor_id, at)
  VALUES (p_history_id, p_id, NULL, p_status, 'user', p_user_id::text, p_at);

  -- clock_timestamp(): several events of one transaction keep the order they were written in.
  INSERT INTO outbox (id, type, queue, payload, created_at)
  VALUES (p_event_id, p_placed_event, p_placed_queue, p_event_payload, clock_timestamp() AT TIME ZONE 'UTC');

  IF p_status <> 'Pending' THEN
    DELETE FROM cart_items WHERE user_id = p_user_id;
  END IF;

  -- Stock last: a product row stays locked from its reservation to the commit, so that stretch stays short.
  FOR v_line IN
    SELECT i."productId" AS product_id, i.quantity
      FROM jsonb_to_recordset(p_items) AS i("productId" UUID, quantity INTEGER, counted BOOLEAN)
     WHERE i.counted
     ORDER BY i."productId"
  LOOP
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

  PERFORM pg_notify(p_channel, '');
END
$$;
