import { bulkShoppers } from '../lib/bulk-shoppers';
import { insertPlacedOrders, operatorProduct } from '../lib/fixtures';
import { cpuMs, cpuMsOfCommand, installCleanup } from '../lib/processes';
import { call, sellerCookie } from '../lib/shoppers';
import { ensureClientBuild, startStack, waitForPipelineIdle } from '../lib/stack';

/**
 * `npx tsx bench/tools/status-cost.ts`: what one seller's status change costs the whole product, in CPU: the API's
 * PUT /api/order/status, the relay and worker that announce it, PostgreSQL and Redis. Changes go in several lanes at
 * once, as a busy board sends them; each round's CPU is counted until the last change's events are handled. The best
 * round is kept, which filters out other load on the machine.
 */
const ROUNDS = 5;
const PER_ROUND = 1000;
const LANES = 8;

const log = (line: string) => console.log(line);
installCleanup();
await ensureClientBuild(log);
const stack = await startStack(log);
// PROFILE=<dir>: the changes go to a second API process that writes a CPU profile there when it stops.
const api = process.env.PROFILE ? await stack.startApi('api-profiled', ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`]) : stack.api;
try {
  const seller = await sellerCookie(api);
  const product = await operatorProduct(stack);
  const shoppers = await bulkShoppers(stack.db, 500, 'status-cost');
  const orders = await insertPlacedOrders(stack.db, shoppers.map((s) => s.userId), product.id, ((ROUNDS + 1) * PER_ROUND) / 2);
  const moves = [...orders.map((o) => ({ orderId: o.orderId, status: 'On The Way' })), ...orders.map((o) => ({ orderId: o.orderId, status: 'Delivered' }))];

  const round = async (batch: typeof moves) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < batch.length) {
          const move = batch[next++]!;
          const res = await call(api, 'PUT', '/api/order/status', { cookie: seller, body: move });
          if (res.status !== 200) throw new Error(`PUT /api/order/status → ${res.status}: ${JSON.stringify(res.body)}`);
        }
      }),
    );
    await waitForPipelineIdle(api);
  };

  await round(moves.splice(0, PER_ROUND)); // warm-up
  const best = { api: Infinity, worker: Infinity, db: Infinity, redis: Infinity, all: Infinity };
  for (let r = 0; r < ROUNDS; r++) {
    const before = [cpuMs(api.child.pid), cpuMs(stack.worker.pid), cpuMsOfCommand('postgres'), cpuMsOfCommand('redis-server')];
    await round(moves.splice(0, PER_ROUND));
    const [apiMs, worker, db, redis] = [cpuMs(api.child.pid), cpuMs(stack.worker.pid), cpuMsOfCommand('postgres'), cpuMsOfCommand('redis-server')].map(
      (after, i) => (after - before[i]!) / PER_ROUND,
    ) as [number, number, number, number];
    log(`round ${r + 1}: ${(apiMs + worker + db + redis).toFixed(2)} ms per change (API ${apiMs.toFixed(2)}, worker ${worker.toFixed(2)}, PostgreSQL ${db.toFixed(2)}, Redis ${redis.toFixed(2)})`);
    if (apiMs + worker + db + redis < best.all) Object.assign(best, { api: apiMs, worker, db, redis, all: apiMs + worker + db + redis });
  }
  log(`best: ${best.all.toFixed(2)} ms of CPU per status change (API ${best.api.toFixed(2)}, worker ${best.worker.toFixed(2)}, PostgreSQL ${best.db.toFixed(2)}, Redis ${best.redis.toFixed(2)})`);
} finally {
  if (api !== stack.api) await api.stop();
  await stack.stop();
}
