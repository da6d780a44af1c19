-- A gateway order is asked about again a few times after its checkout stopped waiting for the payment
-- (core/modules/payments/late-checks.ts): a capture that no callback, webhook or earlier run reported is found there
-- and decided (placed, restored or refunded). late_check_at is when the next look is due; NULL once the schedule is
-- done. The index holds the rows still scheduled, a few days' worth.

-- AlterTable
ALTER TABLE "payments" ADD COLUMN "late_check_at" TIMESTAMP(3);

-- Payments of the last three days get the schedule's first look an hour after they were made; older ones none.
-- created_at holds UTC.
UPDATE "payments" SET "late_check_at" = "created_at" + interval '1 hour'
 WHERE "created_at" > (now() AT TIME ZONE 'UTC') - interval '72 hours';

-- The code sets it as it makes a row; the default covers rows an older process makes during a deploy.
ALTER TABLE "payments" ALTER COLUMN "late_check_at" SET DEFAULT (CURRENT_TIMESTAMP + '01:00:00'::interval);

-- CreateIndex
CREATE INDEX "payments_late_check_idx" ON "payments"("late_check_at") WHERE (late_check_at IS NOT NULL);

-- A late check reads the refunds recorded for the payment.
-- CreateIndex
CREATE INDEX "refunds_payment_id_idx" ON "refunds"("payment_id");
