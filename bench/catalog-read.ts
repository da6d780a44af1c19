import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeLoaded } from './lib/database';
import { load, type LoadResult } from './lib/load';
import { cpuMs, freePort, startNodeScript, waitForHttp, type Child } from './lib/processes';
import { BROWSER_ACCEPT_ENCODING, wireGet } from './lib/wire';
import { row, type Row } from './lib/report';
import type { Stack } from './lib/stack';
import { waitFor } from './lib/stats';

const SECTION = 'Catalog read';
const CONNECTIONS = 50;
const SECONDS = 2;
/** Pairs of runs, product then ceiling. */
const PAIRS = 5;
const LARGE_CATALOGUE = 5000;
const TARGET_RATIO = 0.75;

/** The reads a shopper's pages make: the whole list on start, a category page, a search, and a page of 20. */
const READS = [
  { name: 'whole list', query: '' },
  { name: 'one category (Fruits)', query: '?category=Fruits' },
  { name: 'a search ("product 42")', query: '?search=product%2042' },
  { name: 'a page of 20 (page 3)', query: '?page=3&limit=20' },
];

/**
 * GET /api/product/list from a 5,000-product catalogue, as a browser asks (Accept-Encoding: gzip, deflate, br, zstd),
 * at 50 connections: the whole list, one category, a search and a page of 20. The ceiling is bare Fastify sending, for
 * each URL, the very bytes the API sent, its headers (security headers included) and its compressed body, from memory
 * (bench/ceilings/bare-fastify.ts).
 * Runs alternate product and ceiling, five pairs per read.
 */
export async function catalogRead(stack: Stack, log: (line: string) => void): Promise<Row[]> {
  await addProducts(stack, LARGE_CATALOGUE);
  // The API caches the whole list for a few seconds: wait until it serves the larger catalogue.
  await waitFor(`the API to list ${LARGE_CATALOGUE} products`, async () => (await listed(stack)) === LARGE_CATALOGUE, 15_000, 250);

  const dir = os.tmpdir();
  const bodies = await Promise.all(
    READS.map(async (read, i) => {
      const url = `/api/product/list${read.query}`;
      const res = await wireGet(stack.api.url + url);
      const file = path.join(dir, `bench-catalog-${process.pid}-${i}.bin`);
      writeFileSync(file, res.body);
      return { url, encoding: res.encoding, file, bytes: res.bytes, headers: res.headers };
    }),
  );
  const bodiesFile = path.join(dir, `bench-catalog-${process.pid}.json`);
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const port = await freePort();
  const bare = startNodeScript('bare-fastify', 'bench/ceilings/bare-fastify.ts', { BODIES_FILE: bodiesFile, PORT: String(port), NODE_ENV: 'production' });
  const rows: Row[] = [];
  try {
    await waitForHttp(bare, `http://127.0.0.1:${port}/api/product/list`);
    for (const [i, read] of READS.entries()) {
      const body = bodies[i]!;
      const productUrl = stack.api.url + body.url;
      const bareUrl = `http://127.0.0.1:${port}${body.url}`;
      const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
      // Warm both (JIT, caches, connections) before anything counts.
      await load({ url: productUrl, connections: CONNECTIONS, duration: 1, headers });
      await load({ url: bareUrl, connections: CONNECTIONS, duration: 1, headers });
      const product: Measured[] = [];
      const ceiling: Measured[] = [];
      for (let p = 0; p < PAIRS; p++) {
        product.push(await measured(stack.api.child, productUrl, headers));
        ceiling.push(await measured(bare, bareUrl, headers));
      }
      const kb = (body.bytes / 1024).toFixed(1);
      log(`catalog: ${read.name}: ${kb} KB (${body.encoding ?? 'uncompressed'}); product ${product.map((r) => r.rps.toFixed(0)).join(', ')} req/s, bare Fastify ${ceiling.map((r) => r.rps.toFixed(0)).join(', ')}`);
      const failures = product.reduce((n, r) => n + r.non2xx + r.errors, 0);
      const name = `${read.name} of ${LARGE_CATALOGUE.toLocaleString('en-US')} products, ${kb} KB sent (${body.encoding ?? 'uncompressed'})`;
      rows.push(
        row({
          section: SECTION,
          name: `${name}, req/s at ${CONNECTIONS} connections`,
          unit: 'req/s',
          runs: product.map((r) => r.rps),
          ceiling: { name: 'bare Fastify, same headers and body', runs: ceiling.map((r) => r.rps) },
          target: { on: 'ratio', op: '>=', value: TARGET_RATIO },
          note: failures > 0 ? `${failures} non-2xx or failed requests` : undefined,
        }),
        row({ section: SECTION, name: `${read.name}, p99 latency`, unit: 'ms', runs: product.map((r) => r.p99), ceiling: { name: 'bare Fastify', runs: ceiling.map((r) => r.p99) } }),
        row({
          section: SECTION,
          name: `${read.name}, server CPU per request`,
          unit: 'µs',
          runs: product.map((r) => r.cpuUsPerRequest),
          ceiling: { name: 'bare Fastify', runs: ceiling.map((r) => r.cpuUsPerRequest) },
        }),
      );
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

async function listed(stack: Stack): Promise<number> {
  const res = await fetch(`${stack.api.url}/api/product/list`);
  if (res.status !== 200) throw new Error(`GET /api/product/list → ${res.status}`);
  return ((await res.json()) as { products: unknown[] }).products.length;
}

type Measured = LoadResult & { cpuUsPerRequest: number };

/** One load run, with the CPU time the serving process spent per request. */
async function measured(server: Child, url: string, headers: Record<string, string>): Promise<Measured> {
  const cpuBefore = cpuMs(server.pid);
  const result = await load({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { ...result, cpuUsPerRequest: result.requests > 0 ? ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests : NaN };
}

/** Tops the catalogue up to `total` in-stock products of the approved stores, written directly, then analyses. */
async function addProducts(stack: Stack, total: number): Promise<void> {
  await stack.db.query(
    `WITH stores AS (SELECT array_agg(id ORDER BY created_at) AS ids FROM sellers WHERE status = 'approved')
     INSERT INTO products (id, seller_id, name, category, description, price_paise, offer_price_paise, images, in_stock, stock_quantity, created_at, updated_at)
     SELECT gen_random_uuid(), stores.ids[1 + n % cardinality(stores.ids)],
            'Bench product ' || n || ' ' || (ARRAY['500g', '1kg', '250ml', '1L', 'pack of 6'])[1 + n % 5],
            (ARRAY['Vegetables', 'Fruits', 'Drinks', 'Instant', 'Dairy', 'Bakery', 'Grains'])[1 + n % 7],
            ARRAY['Fresh stock, sourced from local farms and sellers', 'Packed hygienically and delivered in 10 minutes'],
            10000 + (n * 37) % 40000, 9000 + (n * 37) % 36000,
            ARRAY['/uploads/bench-product-' || n || '.png'],
            true, NULL, now() + n * interval '1 millisecond', now()
       FROM stores, generate_series(1, $1::int - (SELECT count(*) FROM products WHERE in_stock AND deleted_at IS NULL)::int) AS n`,
    [total],
  );
  await analyzeLoaded(stack.databaseUrl);
}
