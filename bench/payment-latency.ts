import { row, type Row } from './lib/report';
import { ok, registerShopper, type Shopper } from './lib/shoppers';
import { watchingSocket } from './lib/sockets';
import { waitForPipelineIdle, type Api, type Stack } from './lib/stack';
import { latencySummary, mapLimit, spread } from './lib/stats';

const SECTION = 'Payment verification';
const SAMPLES = 100;
const RUNS = 3;
const WARMUP = 10;
const TARGET_P99_MS = 150;

type Paid = { dbOrderId: string; response: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } };

/**
 * Online payment with the simulated gateway: each order is created (POST /api/order/razorpay/create) and paid in the
 * test checkout (POST /api/payments/simulated/checkout) beforehand; one sample is POST /api/order/razorpay/verify →
 * the owner's socket receiving `order.updated` with isPaid true, after the payments worker checked the signature and
 * fetched the payment from the gateway. Samples are taken one at a time.
 */
export async function paymentLatency(stack: Stack, log: (line: string) => void): Promise<Row[]> {
  const api = stack.api;
  const shopper = await registerShopper(api, 800_000);
  const list = await ok(api, 'GET', '/api/product/list');
  const product = (list.body.products as { _id: string; stock: number | null }[]).find((p) => p.stock === null);
  if (!product) throw new Error('no product without counted stock in the catalogue');
  const paid = await mapLimit(Array.from({ length: WARMUP + SAMPLES * RUNS }), 4, () => payInCheckout(api, shopper, product._id));
  await waitForPipelineIdle(api);
  log(`payment: ${paid.length} online orders created and paid in the test checkout`);

  const socket = await watchingSocket(api.wsUrl, shopper.cookie);
  try {
    const one = async ({ dbOrderId, response }: Paid): Promise<{ total: number; http: number }> => {
      const received = socket.next((m) => m.type === 'order.updated' && m.order?._id === dbOrderId && m.order.isPaid === true);
      const started = performance.now();
      await ok(api, 'POST', '/api/order/razorpay/verify', { cookie: shopper.cookie, body: { ...response, orderId: dbOrderId } });
      const answered = performance.now();
      return { total: (await received) - started, http: answered - started };
    };
    for (const p of paid.splice(0, WARMUP)) await one(p);
    const runs: ReturnType<typeof latencySummary>[] = [];
    const httpP50: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const samples: { total: number; http: number }[] = [];
      for (const p of paid.splice(0, SAMPLES)) samples.push(await one(p));
      runs.push(latencySummary(samples.map((x) => x.total)));
      httpP50.push(latencySummary(samples.map((x) => x.http)).p50);
      log(`  run ${i + 1}: p50 ${runs[i]!.p50.toFixed(1)} ms, p99 ${runs[i]!.p99.toFixed(1)} ms (${samples.length} samples; the verify call's answer alone: p50 ${httpP50[i]!.toFixed(1)} ms)`);
    }
    return [
      row({
        section: SECTION,
        name: 'verify call → socket order.updated (isPaid), p50',
        unit: 'ms',
        runs: runs.map((r) => r.p50),
        note: `of which the verify call until its answer: p50 ${spread(httpP50).median.toFixed(1)} ms (the rest: payment.submitted → worker settles → order.status_changed → worker → pub/sub → socket)`,
      }),
      row({
        section: SECTION,
        name: 'verify call → socket order.updated (isPaid), p99',
        unit: 'ms',
        runs: runs.map((r) => r.p99),
        target: { on: 'value', op: '<', value: TARGET_P99_MS },
      }),
    ];
  } finally {
    await socket.close();
  }
}

async function payInCheckout(api: Api, shopper: Shopper, productId: string): Promise<Paid> {
  const created = await ok(api, 'POST', '/api/order/razorpay/create', {
    cookie: shopper.cookie,
    body: { items: [{ product: productId, quantity: 1 }], address: shopper.addressId },
  });
  const checkout = await ok(api, 'POST', '/api/payments/simulated/checkout', {
    cookie: shopper.cookie,
    body: { gatewayOrderId: created.body.order.id, outcome: 'success' },
  });
  return { dbOrderId: created.body.dbOrderId, response: checkout.body.response };
}
