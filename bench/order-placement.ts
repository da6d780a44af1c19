import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../core/infra/config';
import { bulkShoppers } from './lib/bulk-shoppers';
import { analyzeLoaded } from './lib/database';
import { load, type LoadResult } from './lib/load';
import { childrenCpuMs, cpuMs, cpuMsOfCommand, ROOT, runToEnd } from './lib/processes';
import { row, type Row } from './lib/report';
import { spread } from './lib/stats';
import { placeCodOrder, registerShopper, type Shopper } from './lib/shoppers';
import { ORIGIN, waitForPipelineIdle, type Stack } from './lib/stack';
import { BROWSER_ACCEPT_ENCODING } from './lib/wire';

const SECTION = 'Order placement';
/**
 * Enough shoppers that each orders about once in the API's 5-second session cache window at the measured rate, so most
 * orders read their session from the database as a shopper's first call in a while does.
 */
const SHOPPERS = 5_000;
/** Products the orders draw from; all of them counted, with far more stock than the run can sell. */
const PRODUCTS = 40;
const INITIAL_STOCK = 1_000_000;
const CONNECTIONS = 32;
const SECONDS = 4;
/** Pairs of runs, HTTP then pgbench. */
const RUNS = 5;
const TARGET_RATIO = 0.5;

/** The median order throughput of the last run of this measurement: the live measurement places orders at half of it. */
export let measuredOrdersPerSecond: number | undefined;

/**
 * COD orders through POST /api/order/cod by 5,000 shoppers (each with a session cookie and a saved address, written in
 * bulk), two products of one store per order, each request as the browser sends it: session cookie, Origin and a fresh
 * Idempotency-Key. Against the database ceiling: pgbench sending the same SQL (bench/ceilings/order-transaction.sql)
 * at -c 8 -j 2 -M prepared. Runs alternate, and each waits for the worker to finish the previous one's events.
 * Afterwards every counted product's stock is checked against what was ordered.
 */
export async function orderPlacement(stack: Stack, log: (line: string) => void): Promise<Row[]> {
  log(`orders: ${SHOPPERS} shoppers with a session and an address each…`);
  const shoppers = [await registerShopper(stack.api, 0), ...(await bulkShoppers(stack.db, SHOPPERS - 1, 'orders'))];
  const productIds = await prepareProducts(stack, shoppers);
  const orderedBefore = await orderedUnits(stack, productIds);
  const quantity = () => 1 + Math.floor(Math.random() * 2);
  const placeOrders = (seconds: number) =>
    load({
      url: stack.api.url,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/order/cod',
          // Each request: a random shopper, two distinct products drawn like the pgbench script draws them.
          setupRequest: (request) => {
            const shopper = shoppers[Math.floor(Math.random() * shoppers.length)]!;
            const a = Math.floor(Math.random() * (PRODUCTS - 1));
            const b = a + 1 + Math.floor(Math.random() * (PRODUCTS - 1 - a));
            return {
              ...request,
              // As a browser sends them: its cookie, its Origin, the client's Idempotency-Key and the Accept-Encoding every
              // browser adds (the reply, an order of two items, is compressed as a browser's would be).
              headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: shopper.cookie, 'idempotency-key': randomUUID(), 'accept-encoding': BROWSER_ACCEPT_ENCODING },
              body: JSON.stringify({
                items: [
                  { product: productIds[a]!, quantity: quantity() },
                  { product: productIds[b]!, quantity: quantity() },
                ],
                address: shopper.addressId,
              }),
            };
          },
        },
      ],
    });

  // Warm up, then analyse the tables the warm-up filled (analysed empty, they would be planned as empty).
  await placeOrders(3);
  await waitForPipelineIdle(stack.api);
  await analyzeLoaded(stack.databaseUrl);
  const orderPayload = await anOrderPlacedPayload(stack, shoppers[0]!, productIds);

  const http: LoadResult[] = [];
  const apiCpu: number[] = [];
  const workerCpu: number[] = [];
  const pgbench: PgbenchResult[] = [];
  const dbCpu: number[] = [];
  const redisCpu: number[] = [];
  const pgbenchDbCpu: number[] = [];
  const productCpu: number[] = [];
  const pgbenchCpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = [cpuMs(stack.api.child.pid), cpuMs(stack.worker.pid), cpuMsOfCommand('postgres'), cpuMsOfCommand('redis-server')];
    http.push(await placeOrders(SECONDS));
    // CPU per order, of every process of the product, from the first order until the last one's events are handled.
    await waitForPipelineIdle(stack.api);
    const orders = http[i]!.requests;
    apiCpu.push((cpuMs(stack.api.child.pid) - cpu[0]!) / orders);
    workerCpu.push((cpuMs(stack.worker.pid) - cpu[1]!) / orders);
    dbCpu.push((cpuMsOfCommand('postgres') - cpu[2]!) / orders);
    redisCpu.push((cpuMsOfCommand('redis-server') - cpu[3]!) / orders);
    productCpu.push(apiCpu[i]! + workerCpu[i]! + dbCpu[i]! + redisCpu[i]!);
    const dbBefore = cpuMsOfCommand('postgres');
    const clientBefore = childrenCpuMs();
    pgbench.push(await databaseCeiling(stack, orderPayload));
    const transactions = pgbench[i]!.transactions;
    pgbenchDbCpu.push((cpuMsOfCommand('postgres') - dbBefore) / transactions);
    // PostgreSQL's and pgbench's own (it has exited and been reaped, so its time is among this process's children's).
    pgbenchCpu.push(pgbenchDbCpu[i]! + (childrenCpuMs() - clientBefore) / transactions);
    log(`  run ${i + 1}: HTTP ${http[i]!.rps.toFixed(0)} orders/s (p99 ${http[i]!.p99} ms), pgbench ${pgbench[i]!.tps.toFixed(0)} TPS`);
  }

  measuredOrdersPerSecond = spread(http.map((r) => r.rps)).median;
  const failed = http.reduce((n, r) => n + r.non2xx + r.errors, 0);
  const codes = http.flatMap((r) => Object.entries(r.statusCodes).filter(([c]) => !c.startsWith('2')).map(([c, n]) => `${n}×${c}`));
  const stock = await checkStock(stack, productIds, orderedBefore);
  log(`orders: ${stock.orderedUnits} units ordered from ${PRODUCTS} counted products; oversold ${stock.oversold}, negative stock ${stock.negative}, stock/orders mismatch ${stock.mismatch}`);
  return [
    row({
      section: SECTION,
      name: `COD orders/s, HTTP, ${SHOPPERS.toLocaleString('en-US')} shoppers, ${CONNECTIONS} connections, Idempotency-Key, Origin, cookie and a browser's Accept-Encoding on each, log level info`,
      unit: 'orders/s',
      runs: http.map((r) => r.rps),
      ceiling: { name: 'pgbench -c 8, same SQL', runs: pgbench.map((r) => r.tps) },
      target: { on: 'ratio', op: '>=', value: TARGET_RATIO },
    }),
    row({
      section: SECTION,
      name: 'whole product CPU per order (API + worker + PostgreSQL + Redis)',
      unit: 'ms',
      runs: productCpu,
      ceiling: { name: 'pgbench: PostgreSQL + pgbench per transaction', runs: pgbenchCpu },
      note: 'from /proc/<pid>/stat of each process, from the first order until the last one\'s events are handled; the load generator (autocannon, in the bench process) is not counted, nor is pgbench\'s in the ceiling beyond its own process',
    }),
    row({ section: SECTION, name: 'p50 latency', unit: 'ms', runs: http.map((r) => r.p50), ceiling: { name: 'pgbench avg', runs: pgbench.map((r) => r.latencyMs) } }),
    row({ section: SECTION, name: 'p99 latency', unit: 'ms', runs: http.map((r) => r.p99) }),
    row({ section: SECTION, name: 'API process CPU per order', unit: 'ms', runs: apiCpu, note: 'CPU time / orders placed: steadier than orders/s when other work shares the machine, though contention still inflates it' }),
    row({ section: SECTION, name: 'worker process CPU per order (relay, BullMQ, order.placed)', unit: 'ms', runs: workerCpu }),
    row({
      section: SECTION,
      name: 'PostgreSQL CPU per order',
      unit: 'ms',
      runs: dbCpu,
      ceiling: { name: 'per pgbench transaction', runs: pgbenchDbCpu },
      note: 'all PostgreSQL processes, order placed until its events are handled; the ceiling row is the same SQL sent by pgbench',
    }),
    row({ section: SECTION, name: 'Redis CPU per order (BullMQ, pub/sub)', unit: 'ms', runs: redisCpu }),
    row({
      section: SECTION,
      name: 'non-2xx answers and failed requests',
      unit: 'requests',
      runs: [failed],
      target: { on: 'value', op: '==', value: 0 },
      note: codes.length > 0 ? `status codes: ${codes.join(', ')}` : undefined,
    }),
    row({
      section: SECTION,
      name: 'oversold units (stock below zero or more ordered than stocked)',
      unit: 'units',
      runs: [stock.oversold + stock.negative],
      target: { on: 'value', op: '==', value: 0 },
      note: `${stock.orderedUnits.toLocaleString('en-US')} units ordered (HTTP and pgbench) from ${PRODUCTS} counted products; stock moved by exactly the ordered units: ${stock.mismatch === 0 ? 'yes' : `no, off by ${stock.mismatch}`}`,
    }),
  ];
}

/** Counts stock on the products the orders use, and fills pgbench's lookup tables (n → id) in product-id order. */
async function prepareProducts(stack: Stack, shoppers: Shopper[]): Promise<string[]> {
  // Other stores' products first: the configured seller's store keeps some with uncounted stock for the live
  // measurements (lib/fixtures.ts, operatorProduct), whatever ran before.
  const { rows } = await stack.db.query<{ id: string }>(
    `SELECT p.id FROM products p JOIN sellers s ON s.id = p.seller_id
      WHERE p.deleted_at IS NULL AND p.in_stock ORDER BY s.email = $2, p.created_at LIMIT $1`,
    [PRODUCTS, loadConfig({}).seller.email.toLowerCase()],
  );
  const ids = rows.map((r) => r.id).sort();
  if (ids.length < PRODUCTS) throw new Error(`need ${PRODUCTS} products, found ${ids.length}`);
  // All of one store (the configured seller's), so a checkout is one order, in the HTTP run and in pgbench's alike.
  await stack.db.query(
    'UPDATE products SET stock_quantity = $2, in_stock = true, seller_id = (SELECT id FROM sellers WHERE email = $3) WHERE id = ANY($1::uuid[])',
    [ids, INITIAL_STOCK, loadConfig({}).seller.email.toLowerCase()],
  );
  await stack.db.query(`DROP TABLE IF EXISTS bench_pick, bench_users`);
  await stack.db.query(`CREATE TABLE bench_pick (n int PRIMARY KEY, id uuid NOT NULL)`);
  await stack.db.query(`CREATE TABLE bench_users (n int PRIMARY KEY, id uuid NOT NULL, address_id uuid NOT NULL)`);
  await stack.db.query(`INSERT INTO bench_pick SELECT i, ids[i] FROM (SELECT $1::uuid[] AS ids) x, generate_series(1, cardinality(ids)) i`, [ids]);
  await stack.db.query(
    `INSERT INTO bench_users SELECT i, ids[i], addresses[i] FROM (SELECT $1::uuid[] AS ids, $2::uuid[] AS addresses) x, generate_series(1, cardinality(ids)) i`,
    [shoppers.map((s) => s.userId), shoppers.map((s) => s.addressId)],
  );
  await analyzeLoaded(stack.databaseUrl);
  return ids;
}

/** The `order.placed` payload of a real order placed through the API: pgbench sends one of the same size with each order. */
async function anOrderPlacedPayload(stack: Stack, shopper: Shopper, productIds: string[]): Promise<string> {
  const order = await placeCodOrder(stack.api, shopper, productIds.slice(0, 2).map((product) => ({ product, quantity: 1 })));
  return JSON.stringify({ orderId: order._id, userId: shopper.userId, order });
}

/**
 * pgbench with the database to itself: the worker is paused while it runs (the pipeline is idle beforehand), and the
 * outbox rows pgbench wrote are marked published before the worker resumes, so they are never relayed. The relay may
 * have been paused in the middle of a claim (its poll or a late NOTIFY), holding some of those rows locked in an open
 * transaction until it resumes: those are skipped, not waited for (waiting would never end), and relayed as usual.
 */
async function databaseCeiling(stack: Stack, orderPayload: string): Promise<PgbenchResult> {
  process.kill(stack.worker.pid, 'SIGSTOP');
  try {
    return await runPgbench(stack, orderPayload);
  } finally {
    await stack.db.query(
      'UPDATE outbox SET published_at = now() WHERE id IN (SELECT id FROM outbox WHERE published_at IS NULL FOR UPDATE SKIP LOCKED)',
    );
    process.kill(stack.worker.pid, 'SIGCONT');
  }
}

type PgbenchResult = { tps: number; latencyMs: number; transactions: number };

async function runPgbench(stack: Stack, orderPayload: string): Promise<PgbenchResult> {
  const url = new URL(stack.databaseUrl);
  const output = await runToEnd('pgbench', 'pgbench', [
    '-h', url.hostname, '-p', url.port || '5432', '-U', url.username, '-n',
    '-c', '8', '-j', '2', '-M', 'prepared', '-T', String(SECONDS),
    '-D', `users=${SHOPPERS}`, '-D', `products=${PRODUCTS}`, '-D', `order_payload=${orderPayload}`,
    '-f', path.join(ROOT, 'bench/ceilings/order-transaction.sql'),
    url.pathname.slice(1),
  ]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(output)?.[1];
  const transactions = /number of transactions actually processed: (\d+)/.exec(output)?.[1];
  if (!tps || !latency || !transactions) throw new Error(`could not read pgbench's output:\n${output}`);
  if (failed && failed !== '0') throw new Error(`pgbench: ${failed} failed transactions:\n${output}`);
  return { tps: Number(tps), latencyMs: Number(latency), transactions: Number(transactions) };
}

/** Units ordered so far and current stock, per product. */
async function orderedUnits(stack: Stack, ids: string[]): Promise<Map<string, { ordered: number; stock: number }>> {
  const { rows } = await stack.db.query<{ id: string; stock: number; ordered: string }>(
    `SELECT p.id, p.stock_quantity AS stock, coalesce((SELECT sum(quantity) FROM order_items WHERE product_id = p.id), 0) AS ordered
       FROM products p WHERE p.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { ordered: Number(r.ordered), stock: r.stock }]));
}

/** Oversold = units ordered beyond the initial stock, or stock below zero; mismatch = stock not moved by exactly what was ordered. */
async function checkStock(stack: Stack, ids: string[], before: Map<string, { ordered: number }>) {
  const after = await orderedUnits(stack, ids);
  const negative = (await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM products WHERE stock_quantity < 0')).rows[0]!.n;
  let oversold = 0;
  let mismatch = 0;
  let ordered = 0;
  for (const [id, now] of after) {
    const units = now.ordered - (before.get(id)?.ordered ?? 0);
    ordered += units;
    oversold += Math.max(0, units - INITIAL_STOCK);
    mismatch += Math.abs(INITIAL_STOCK - now.stock - units);
  }
  return { oversold, negative: Number(negative), mismatch, orderedUnits: ordered };
}
