-- The marketplace becomes multi-vendor: stores (sellers) with a standing, products and orders that belong to a store,
-- and checkouts that group one order per store of a cart under one payment. Existing data is carried over: every
-- product and order goes to the oldest seller row (the configured account, which becomes the operator), and every
-- existing order becomes a checkout of its own, keeping its idempotency key and its payments.

CREATE TYPE "SellerStatus" AS ENUM ('pending', 'approved', 'rejected', 'suspended');

-- Stores. Rows from before were the configured seller: approved, and the operator.
ALTER TABLE "sellers"
  ADD COLUMN "is_operator" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "phone" TEXT,
  ADD COLUMN "pickup_address" JSONB,
  ADD COLUMN "status" "SellerStatus" NOT NULL DEFAULT 'pending',
  ADD COLUMN "status_reason" TEXT,
  ADD COLUMN "store_name" TEXT;
UPDATE "sellers" SET "store_name" = 'FreshCart', "status" = 'approved', "is_operator" = true;
ALTER TABLE "sellers" ALTER COLUMN "store_name" SET NOT NULL;
CREATE INDEX "sellers_status_created_at_idx" ON "sellers"("status", "created_at");

-- Products and orders need a store to belong to. A database with products but no seller row yet gets a house
-- store nobody can sign in to (its password hash matches no password); the configured account is its own row.
INSERT INTO "sellers" ("id", "name", "store_name", "email", "password_hash", "status", "is_operator", "created_at", "updated_at")
SELECT gen_random_uuid(), 'FreshCart', 'FreshCart', 'house-store@freshcart.invalid', '!', 'approved', false, now(), now()
 WHERE NOT EXISTS (SELECT 1 FROM "sellers")
   AND (EXISTS (SELECT 1 FROM "products") OR EXISTS (SELECT 1 FROM "orders"));

ALTER TABLE "products" ADD COLUMN "seller_id" UUID;
UPDATE "products" SET "seller_id" = (SELECT "id" FROM "sellers" ORDER BY "created_at", "id" LIMIT 1);
ALTER TABLE "products" ALTER COLUMN "seller_id" SET NOT NULL;
CREATE INDEX "products_seller_id_created_at_idx" ON "products"("seller_id", "created_at");
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "sellers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Checkouts.
CREATE TABLE "checkouts" (
    "id" UUID NOT NULL,
    "checkout_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "amount_paise" INTEGER NOT NULL,
    "fee_paise" INTEGER NOT NULL,
    "payment_type" "PaymentType" NOT NULL,
    "idempotency_key" TEXT,
    "idempotency_fingerprint" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkouts_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "checkouts_checkout_id_key" ON "checkouts"("checkout_id");
CREATE UNIQUE INDEX "checkouts_user_id_idempotency_key_key" ON "checkouts"("user_id", "idempotency_key");
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every existing order is a checkout of one order: same uuid, its number with CK for OD, the ₹2 fee it was charged.
INSERT INTO "checkouts" ("id", "checkout_id", "user_id", "amount_paise", "fee_paise", "payment_type", "idempotency_key", "idempotency_fingerprint", "created_at")
SELECT "id", 'CK' || substr("order_id", 3), "user_id", "amount_paise", 200, "payment_type", "idempotency_key", "idempotency_fingerprint", "created_at"
  FROM "orders";

ALTER TABLE "orders"
  ADD COLUMN "checkout_id" UUID,
  ADD COLUMN "fee_paise" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "seller_id" UUID;
UPDATE "orders" SET "checkout_id" = "id", "fee_paise" = 200,
                    "seller_id" = (SELECT "id" FROM "sellers" ORDER BY "created_at", "id" LIMIT 1);
ALTER TABLE "orders" ALTER COLUMN "checkout_id" SET NOT NULL, ALTER COLUMN "seller_id" SET NOT NULL;
DROP INDEX "orders_user_id_idempotency_key_key";
ALTER TABLE "orders" DROP COLUMN "idempotency_fingerprint", DROP COLUMN "idempotency_key";
CREATE INDEX "orders_checkout_id_idx" ON "orders"("checkout_id");
CREATE INDEX "orders_seller_id_created_at_idx" ON "orders"("seller_id", "created_at" DESC);
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_fkey" FOREIGN KEY ("checkout_id") REFERENCES "checkouts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "sellers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A gateway order now pays a checkout; each old order's checkout has the order's own id.
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_fkey";
DROP INDEX "payments_order_id_idx";
ALTER TABLE "payments" RENAME COLUMN "order_id" TO "checkout_id";
CREATE INDEX "payments_checkout_id_idx" ON "payments"("checkout_id");
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_fkey" FOREIGN KEY ("checkout_id") REFERENCES "checkouts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One refund per order and gateway payment: one payment can now refund several stores' orders, each its own part.
DROP INDEX "refunds_gateway_payment_id_key";
CREATE UNIQUE INDEX "refunds_gateway_payment_id_order_id_key" ON "refunds"("gateway_payment_id", "order_id");
