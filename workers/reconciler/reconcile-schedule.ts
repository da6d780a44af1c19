import type { Logger } from '../../core/infra/logger';
import type { Redis } from '../../core/infra/redis';
import type { PaymentReconciler } from '../../core/modules/payments/payment-reconciler';
import { startScheduledJob } from '../scheduled-job';

/** Its own small queue: the payments queue carries event envelopes, and a reconcile run is not an event. */
export const RECONCILE_QUEUE = 'payments-reconcile';
export const RECONCILE_SCHEDULER_ID = 'reconcile-pending-payments';

/** The reconciler every `everySeconds` (scheduled-job.ts). */
export function startReconcileSchedule(deps: {
  connection: Redis;
  prefix: string;
  everySeconds: number;
  reconciler: PaymentReconciler;
  logger: Logger;
}): () => Promise<void> {
  const { logger } = deps;
  return startScheduledJob(deps, {
    queue: RECONCILE_QUEUE,
    schedulerId: RECONCILE_SCHEDULER_ID,
    jobName: 'reconcile',
    everyMs: deps.everySeconds * 1000,
    keep: 100,
    label: 'reconciler',
    run: async () => {
      const summary = await deps.reconciler.runOnce();
      if (summary.checked > 0 || summary.lateFound > 0) logger.info(summary, 'reconciler run');
      return summary;
    },
  });
}
