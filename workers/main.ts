import { runProcess } from '../core/infra/process';
import { startWorkers } from './worker-runtime';

// `npm run start:worker`: the outbox relay and the queue processors. Run as many as you like.
runProcess('worker', async (config, logger) => {
  const stop = await startWorkers(config, logger);
  logger.info('workers started');
  return stop;
});
