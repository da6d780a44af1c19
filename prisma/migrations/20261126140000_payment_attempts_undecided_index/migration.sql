-- The reconciler looks for payment attempts that never got an outcome (their job gave up during a gateway outage;
-- core/modules/payments/payment-reconciler.ts). Attempts are kept for audit, so the table only grows; this index holds
-- the undecided ones alone, usually none.

-- CreateIndex
CREATE INDEX "payment_attempts_undecided_idx" ON "payment_attempts"("created_at") WHERE (outcome IS NULL);
