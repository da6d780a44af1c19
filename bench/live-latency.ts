import type WebSocket from 'ws';
import { row, type Row } from './lib/report';
import { call, ok, placeCodOrder, registerShopper, sellerCookie, type Shopper } from './lib/shoppers';
import { closeSockets, openIdleSockets, watchingSocket } from './lib/sockets';
import { waitForPipelineIdle, type Api, type Stack } from './lib/stack';
import { analyzeLoaded } from './lib/database';
import { insertPlacedOrders, operatorProduct } from './lib/fixtures';
import { latencySummary, spread } from './lib/stats';

const SECTION = 'Live latency';
const SAMPLES = 200;
const RUNS = 3;
const WARMUP = 20;
/** Orders to prepare: each gives two samples (Order Placed → On The Way → Delivered); three set-ups of warm-up + runs. */
const ORDERS = Math.ceil(((SAMPLES * RUNS + WARMUP) * 3) / 2);
const TARGET_P99_MS = 50;

type Sample = { orderId: string; status: 'On The Way' | 'Delivered' };

/**
 * A seller moves an order along (PUT /api/order/status) while its shopper's socket is open among N idle sockets; one
 * sample is the time from the request's start to the shopper's socket receiving that `order.updated`. The path
 * crosses the order transaction and its outbox row, NOTIFY → the worker's relay → BullMQ → the orders processor →
 * Redis pub/sub → the API process holding the socket. Samples are taken one at a time.
 */
export async function liveLatency(stack: Stack, log: (line: string) => void): Promise<Row[]> {
  const seller = await sellerCookie(stack.api);
  const shopper = await registerShopper(stack.api, 900_000);
  const samples = await prepareOrders(stack, shopper);
  await waitForPipelineIdle(stack.api);
  log(`live: ${samples.length} status changes prepared on ${samples.length / 2} COD orders`);
  const take = (n: number) => {
    if (samples.length < n) throw new Error('ran out of prepared orders');
    return samples.splice(0, n);
  };

  const rows: Row[] = [];
  const idle: WebSocket[] = [];
  try {
    for (const count of [1000, 5000]) {
      idle.push(...(await openIdleSockets(stack.api.wsUrl, count - idle.length)));
      const runs = await measure(stack.api, stack.api, shopper, seller, idle.length, take, log);
      rows.push(...summarize(`one API process, ${count.toLocaleString('en-US')} idle sockets`, runs, count === 1000));
    }
  } finally {
    await closeSockets(idle.splice(0));
  }

  // Two API processes: the seller's request goes to API A, the shopper's socket (and the idle ones) sit on API B.
  const apiB = await stack.startApi('api-b');
  try {
    idle.push(...(await openIdleSockets(apiB.wsUrl, 1000)));
    const runs = await measure(stack.api, apiB, shopper, seller, idle.length, take, log);
    rows.push(...summarize('two API processes (request to A, socket on B), 1,000 idle sockets', runs, true));
  } finally {
    await closeSockets(idle.splice(0));
    await apiB.stop();
  }
  return rows;
}

/**
 * Placed COD orders of the shopper, each ready for its two seller moves: one placed through the API (the path is
 * exercised), the rest written directly (they are only the subject here), then the tables analysed.
 */
async function prepareOrders(stack: Stack, shopper: Shopper): Promise<Sample[]> {
  const product = await operatorProduct(stack);
  const first = await placeCodOrder(stack.api, shopper, [{ product: product.id, quantity: 1 }]);
  const ids = [first._id, ...(await insertPlacedOrders(stack.db, [shopper.userId], product.id, ORDERS - 1)).map((o) => o.orderId)];
  await analyzeLoaded(stack.databaseUrl);
  // All first moves, then all second moves: an order's second move comes long after its first.
  return [...ids.map((orderId) => ({ orderId, status: 'On The Way' as const })), ...ids.map((orderId) => ({ orderId, status: 'Delivered' as const }))];
}

async function measure(
  requestApi: Api,
  socketApi: Api,
  shopper: Shopper,
  seller: string,
  idleCount: number,
  take: (n: number) => Sample[],
  log: (line: string) => void,
): Promise<Run[]> {
  const socket = await watchingSocket(socketApi.wsUrl, shopper.cookie);
  try {
    // One sample: request start → socket receipt; the HTTP answer's own time is kept to show how the total splits.
    const one = async (sample: Sample): Promise<{ total: number; http: number }> => {
      const received = socket.next((m) => m.type === 'order.updated' && m.order?._id === sample.orderId && m.order.status === sample.status);
      const started = performance.now();
      const res = await call(requestApi, 'PUT', '/api/order/status', { cookie: seller, body: { orderId: sample.orderId, status: sample.status } });
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`PUT /api/order/status → ${res.status}: ${JSON.stringify(res.body)}`);
      return { total: (await received) - started, http: answered - started };
    };
    for (const sample of take(WARMUP)) await one(sample);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const samples: { total: number; http: number }[] = [];
      for (const sample of take(SAMPLES)) samples.push(await one(sample));
      const run = { total: latencySummary(samples.map((x) => x.total)), http: latencySummary(samples.map((x) => x.http)) };
      runs.push(run);
      log(
        `  ${socketApi === requestApi ? 'one API' : 'two APIs'}, ${idleCount} idle sockets, run ${i + 1}: p50 ${run.total.p50.toFixed(1)} ms, ` +
          `p99 ${run.total.p99.toFixed(1)} ms (${samples.length} samples; the seller's HTTP answer alone: p50 ${run.http.p50.toFixed(1)}, p99 ${run.http.p99.toFixed(1)} ms)`,
      );
    }
    return runs;
  } finally {
    await socket.close();
  }
}

type Run = { total: ReturnType<typeof latencySummary>; http: ReturnType<typeof latencySummary> };

function summarize(name: string, runs: Run[], targeted: boolean): Row[] {
  const httpP50 = spread(runs.map((r) => r.http.p50)).median;
  return [
    row({
      section: SECTION,
      name: `${name}, p50`,
      unit: 'ms',
      runs: runs.map((r) => r.total.p50),
      note: `of which the seller's HTTP call until its answer: p50 ${httpP50.toFixed(1)} ms (the rest is outbox → relay → BullMQ → worker → pub/sub → socket)`,
    }),
    row({
      section: SECTION,
      name: `${name}, p99`,
      unit: 'ms',
      runs: runs.map((r) => r.total.p99),
      target: targeted ? { on: 'value', op: '<', value: TARGET_P99_MS } : undefined,
    }),
  ];
}
