import type { Config } from '../../infra/config';
import type { SessionService } from '../accounts/session-service';
import type { OutboxMonitor } from '../outbox/outbox-monitor';
import type { PaymentService } from '../payments/payment-service';

export type DatabasePurge = { publishedEvents: number; endedSessions: number; webhookEvents: number };

/**
 * What the database keeps, and for how long (config: RETENTION_*): relayed outbox rows, ended sessions and stored
 * webhook deliveries are deleted once older than their retention. Each owner module deletes its own rows.
 */
export function createRetentionService(deps: {
  outbox: OutboxMonitor;
  sessions: SessionService;
  payments: PaymentService;
  retention: Config['retention'];
}) {
  const { outbox, sessions, payments, retention } = deps;
  return {
    async purgeDatabase(now = Date.now()): Promise<DatabasePurge> {
      const before = (ms: number) => new Date(now - ms);
      return {
        publishedEvents: await outbox.purgePublished(before(retention.publishedEventsMs)),
        endedSessions: await sessions.purgeEnded(before(retention.endedSessionsMs)),
        webhookEvents: await payments.purgeWebhookEvents(before(retention.webhooksMs)),
      };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
