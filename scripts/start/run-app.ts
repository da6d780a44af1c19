import type { Config } from '../../core/infra/config';
import type { Logger } from '../../core/infra/logger';
import { createPrisma } from '../../core/infra/prisma';
import { seedDemoCatalog } from '../../prisma/seed/seed-catalog';
import { startApi } from '../../server/server';
import { startWorkers } from '../../workers/worker-runtime';
import { StartError, type Lifecycle } from './lifecycle';

/**
 * The part of `npm start` that needs the app's own modules (Prisma, Fastify, BullMQ): scripts/start.ts loads this file
 * only once PostgreSQL and Redis answer, so a missing service is reported without waiting for them to load.
 * Seeds (making the operator's account and the demo stores), then runs the workers and the API (which ensures the
 * operator's login again, with the password configured now). Returns the URL.
 */
export async function runApp(config: Config, deps: { root: string; logger: Logger; lifecycle: Lifecycle }): Promise<string> {
  await prepareData(config);

  // Closed in reverse: the API stops taking requests first, then the workers finish, then the services go.
  await deps.lifecycle.add('the workers', await startWorkers(config, deps.logger));
  const api = await startApi(config, deps.logger).catch((error: { code?: string }) => {
    throw error.code === 'EADDRINUSE' ? new StartError(`Port ${config.port} is already in use: stop what runs there, or set PORT.`) : error;
  });
  await deps.lifecycle.add('the API', api.close);
  return api.url;
}

/** The demo stores and catalogue when the products table is empty. */
async function prepareData(config: Config): Promise<void> {
  const db = createPrisma(config.databaseUrl, { max: 2 });
  try {
    const { created } = await seedDemoCatalog(db, config);
    if (created) console.log(`Seeded the demo catalogue: ${created} products.`);
  } finally {
    await db.$disconnect();
  }
}
