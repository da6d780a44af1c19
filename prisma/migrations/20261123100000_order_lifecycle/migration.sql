-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'processed', 'failed');

-- AlterEnum


ALTER TYPE "PaymentStatus" ADD VALUE 'authorized';
ALTER TYPE "PaymentStatus" ADD VALUE 'refunded';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "expires_at" TIMESTAMP(3),
ADD COLUMN     "idempotency_fingerprint" TEXT;

-- CreateTable
CREATE TABLE "refunds" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "payment_id" UUID NOT NULL,
    "gateway_payment_id" TEXT NOT NULL,
    "gateway_refund_id" TEXT,
    "amount_paise" INTEGER NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "reason" TEXT NOT NULL,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refunds_gateway_payment_id_key" ON "refunds"("gateway_payment_id");

-- CreateIndex
CREATE UNIQUE INDEX "refunds_gateway_refund_id_key" ON "refunds"("gateway_refund_id");

-- CreateIndex
CREATE INDEX "refunds_order_id_idx" ON "refunds"("order_id");

-- CreateIndex
CREATE INDEX "refunds_status_created_at_idx" ON "refunds"("status", "created_at");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- place_order, again (after 20261123090000_place_order_takes_names): it also records when a Pending online order
-- expires and what an idempotency key ordered, refuses a shopper's unpaid online order beyond their allowance
-- (SQLSTATE FC429, nothing written), and leaves the cart alone for online orders: their cart empties only once the
-- payment places the order for good (core/modules/orders/order-transitions.ts).
DROP FUNCTION place_order(UUID, TEXT, UUID, INTEGER, "OrderStatus", "PaymentType", JSONB, TEXT, JSONB, UUID, UUID, JSONB, TIMESTAMP(3),
                          TEXT, TEXT, TEXT, TEXT, TEXT, TEXT);

CREATE FUNCTION place_order(
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
  -- The order row first: a concurrent double submit waits on the idempotency key's unique index and fails there,
  -- before it could take stock from anyone.
  INSERT INTO orders (id, order_id, user_id, amount_paise, status, payment_type, is_paid, version, address,
                      idempotency_key, idempotency_fingerprint, expires_at, created_at, updated_at)
  VALUES (p_id, p_order_id, p_user_id, p_amount_paise, p_status, p_payment_type, false, 1, p_address,
          p_idempotency_key, p_idempotency_fingerprint, p_expires_at, p_at, p_at);

  IF p_status = 'Pending' AND p_max_unpaid IS NOT NULL THEN
    -- The shopper's row lock makes two concurrent checkouts of one shopper count one after the other.
    PERFORM 1 FROM users WHERE id = p_user_id FOR UPDATE;
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
