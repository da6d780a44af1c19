import { paymentsLine } from '../core/infra/config';
import { runProcess } from '../core/infra/process';
import { startApi } from './server';

// `npm run start:api`: one API process. Run as many as you like behind a load balancer.
runProcess('api', async (config, logger) => {
  const api = await startApi(config, logger);
  logger.info(`API listening on ${api.url}. ${paymentsLine(config)}`);
  return api.close;
});
