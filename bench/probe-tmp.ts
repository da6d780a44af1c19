import { startStack } from './lib/stack';
import { registerShoppers, call } from './lib/shoppers';
import { installCleanup, killAllChildren } from './lib/processes';
import { load } from './lib/load';
import { ORIGIN } from './lib/stack';
installCleanup();
const stack = await startStack(console.log);
try {
  await stack.db.query('UPDATE products SET stock_quantity = 1000000');
  const shoppers = await registerShoppers(stack.api, 16);
  const list = await call(stack.api, 'GET', '/api/product/list');
  const ps: string[] = list.body.products.map((p: any) => p._id).sort();
  const K = Number(process.env.K ?? 40);
  const run = (connections: number, seconds: number) => load({ url: stack.api.url, connections, duration: seconds, requests: [{ method: 'POST', path: '/api/order/cod', setupRequest: (req) => {
    const s = shoppers[Math.floor(Math.random() * shoppers.length)]!;
    const a = Math.floor(Math.random() * (K - 1)); const b = a + 1 + Math.floor(Math.random() * (K - 1 - a));
    return { ...req, headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: s.cookie }, body: JSON.stringify({ items: [{ product: ps[a], quantity: 1 }, { product: ps[b], quantity: 1 }], address: s.addressId }) };
  } }] });
  await run(8, 2);
  for (const c of [4, 8, 16, 32]) {
    const waits = new Map<string, number>(); let samples = 0;
    const timer = setInterval(async () => {
      samples++;
      const { rows } = await stack.db.query(`SELECT coalesce(wait_event_type || ':' || wait_event, state) AS w, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1`);
      for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + r.n);
    }, 100);
    const r = await run(c, 5);
    clearInterval(timer);
    console.log(`c=${c}: ${r.rps.toFixed(1)} orders/s p50 ${r.p50} p99 ${r.p99} non2xx ${r.non2xx}`, [...waits].map(([k, v]) => `${k}=${(v / samples).toFixed(1)}`).join(' '));
  }
} finally {
  await stack.stop();
  killAllChildren();
}
