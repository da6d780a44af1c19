-- A refund is asked for at the gateway by one process at a time (core/modules/payments/refund-service.ts): the
-- payments worker's job and the reconciler's follow-up may both reach a pending refund whose request has not come back
-- yet, and two requests for one refund are two refunds. The one asking holds the refund until this time.

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN "requesting_until" TIMESTAMP(3);
