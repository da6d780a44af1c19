import type { Job } from 'bullmq';
import { UnrecoverableError } from 'bullmq';
import { EventData, EventEnvelope, type EventDataOf, type EventName } from '../../core/contracts/events';
import type { Config } from '../../core/infra/config';
import type { Logger } from '../../core/infra/logger';
import type { LivePublisher } from '../../core/modules/live/live-channel';
import type { Services } from '../../core/services';

export type ProcessorDeps = { config: Config; live: LivePublisher; services: Services; logger: Logger };

export type Handler<N extends EventName> = (data: EventDataOf<N>, meta: { eventId: string; job: Job }) => Promise<string | void>;
export type Handlers = { [N in EventName]?: Handler<N> };

/**
 * Turns a handler map into a BullMQ processor: the envelope and its payload are parsed with the contract's schemas
 * (a malformed job can never succeed, so it is unrecoverable), then the handler for the event type runs. Each
 * outcome is logged as one structured line with the event id.
 */
export function dispatch(handlers: Handlers, logger: Logger) {
  return async (job: Job): Promise<string> => {
    const envelope = EventEnvelope.safeParse(job.data);
    if (!envelope.success) throw new UnrecoverableError(`malformed event envelope: ${envelope.error.message}`);
    const { eventId, type } = envelope.data;
    const handler = handlers[type] as Handler<typeof type> | undefined;
    if (!handler) throw new UnrecoverableError(`no handler for ${type} on queue ${job.queueName}`);
    const data = EventData[type].safeParse(envelope.data.data);
    if (!data.success) throw new UnrecoverableError(`malformed ${type} payload: ${data.error.message}`);
    const started = performance.now();
    try {
      const outcome = (await handler(data.data as never, { eventId, job })) ?? 'done';
      logger.info({ eventId, type, queue: job.queueName, attempt: job.attemptsMade + 1, outcome, ms: Math.round(performance.now() - started) }, 'event processed');
      return outcome;
    } catch (error) {
      const permanent = error instanceof UnrecoverableError;
      logger.warn({ eventId, type, queue: job.queueName, attempt: job.attemptsMade + 1, outcome: permanent ? 'failed' : 'retrying', err: (error as Error).message }, 'event failed');
      throw error;
    }
  };
}

export type { EventDataOf };
