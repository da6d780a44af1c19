import type { Config } from './infra/config';
import type { Db } from './infra/prisma';
import { createSessionService } from './modules/accounts/session-service';
import { createCatalogRepository } from './modules/catalog/catalog-repository';
import { createCatalogService } from './modules/catalog/catalog-service';

/**
 * Composition root for the domain services. Services are plain factories over narrow dependencies, so the API and
 * the workers build the same ones.
 */
export function createServices(deps: { config: Config; db: Db }) {
  const { config, db } = deps;
  const sessions = createSessionService(db, config.sessionTtlMs);
  const catalog = createCatalogService(createCatalogRepository(db));
  return { sessions, catalog };
}
export type Services = ReturnType<typeof createServices>;
