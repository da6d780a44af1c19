import { loadConfig } from '../core/infra/config';
import { createPrisma } from '../core/infra/prisma';
import { seedDemoCatalog } from './seed/seed-catalog';

// `npm run db:seed`: adds the demo stores and catalogue to an empty database.
const config = loadConfig();
const db = createPrisma(config.databaseUrl);
const { created } = await seedDemoCatalog(db, config);
console.log(created ? `Seeded ${created} demo products.` : 'Products already present; nothing seeded.');
await db.$disconnect();
