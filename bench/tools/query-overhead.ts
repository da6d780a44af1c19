import pg from 'pg';
import { createPrisma } from '../../core/infra/prisma';
import { hashToken } from '../../core/modules/accounts/session-service';
import { PG_SERVER } from '../lib/database';
import { BENCH_DATABASE } from '../lib/stack';

/**
 * `npx tsx bench/tools/query-overhead.ts` (after a bench run left grocery_bench behind): the client-side CPU cost of
 * one query through Prisma versus the same query through `pg`, sequentially, in this process. The minimum of several
 * rounds is kept, which filters out other load on the machine. The query is the session lookup every signed-in
 * request makes.
 */
const url = `${PG_SERVER}/${BENCH_DATABASE}`;
const ROUNDS = 5;
const CALLS = 2000;

/** Best-of-rounds CPU per call, with `lanes` calls in flight at a time (as concurrent requests would have). */
async function cpuPerCall(fn: () => Promise<unknown>, lanes = 1): Promise<number> {
  const round = (calls: number) => Promise.all(Array.from({ length: lanes }, async () => {
    for (let i = 0; i < calls / lanes; i++) await fn();
  }));
  await round(200);
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.cpuUsage();
    await round(CALLS);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / CALLS);
  }
  return best;
}

const db = createPrisma(url, { max: 10 });
const client = new pg.Client({ connectionString: url });
await client.connect();
const tokenHash = hashToken('no-such-token');
const select = { id: true, userId: true, sellerId: true, expiresAt: true, revokedAt: true } as const;

const prisma = await cpuPerCall(() => db.session.findUnique({ where: { tokenHash }, select }));
const prismaRaw = await cpuPerCall(() => db.$queryRaw`SELECT id, user_id, seller_id, expires_at, revoked_at FROM sessions WHERE token_hash = ${tokenHash}`);
const raw = await cpuPerCall(() => client.query('SELECT id, user_id, seller_id, expires_at, revoked_at FROM sessions WHERE token_hash = $1', [tokenHash]));
const prisma8 = await cpuPerCall(() => db.session.findUnique({ where: { tokenHash }, select }), 8);
const rawPrepared = await cpuPerCall(() =>
  client.query({ name: 'session', text: 'SELECT id, user_id, seller_id, expires_at, revoked_at FROM sessions WHERE token_hash = $1', values: [tokenHash] }),
);
console.log(`client CPU per query (µs, best of ${ROUNDS} × ${CALLS}):`);
console.log(`  Prisma findUnique        ${prisma.toFixed(0)}`);
console.log(`  same, 8 in flight        ${prisma8.toFixed(0)}`);
console.log(`  Prisma $queryRaw         ${prismaRaw.toFixed(0)}`);
console.log(`  pg query                 ${raw.toFixed(0)}`);
console.log(`  pg named prepared query  ${rawPrepared.toFixed(0)}`);
await client.end();
await db.$disconnect();
