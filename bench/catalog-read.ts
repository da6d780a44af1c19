import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeLoaded } from './lib/database';
import { load, type LoadResult } from './lib/load';
import { cpuMs, freePort, startNodeScript, waitForHttp, type Child } from './lib/processes';
import { wireBytes } from './lib/wire';
import { row, type Row } from './lib/report';
import type { Stack } from './lib/stack';
import { waitFor } from './lib/stats';

const SECTION = 'Catalog read';
const CONNECTIONS = 50;
const SECONDS = 4;
const RUNS = 3;
const LARGE_CATALOGUE = 5000;

/**
 * GET /api/product/list, the call every shopper's first page makes, at 50 connections: the demo catalogue, then
 * 5,000 products. The ceiling is bare Fastify returning the same bytes from memory (bench/ceilings/bare-fastify.ts),
 * measured alternately with the product so drift on a shared machine hits both alike. Then the same with
 * `Accept-Encoding: br`, as browsers ask, against the uncompressed runs.
 */
export async function catalogRead(stack: Stack, log: (line: string) => void): Promise<Row[]> {
  const demo = await measure(stack, 'demo catalogue', log);
  await addProducts(stack, LARGE_CATALOGUE);
  // The API caches the whole list for a few seconds: wait until it serves the larger catalogue.
  await waitFor(`the API to list ${LARGE_CATALOGUE} products`, async () => (await listBody(stack)).total === LARGE_CATALOGUE, 15_000, 250);
  const large = await measure(stack, `${LARGE_CATALOGUE.toLocaleString('en-US')} products`, log);
  return [...demo, ...large];
}

async function listBody(stack: Stack): Promise<{ text: string; total: number }> {
  const res = await fetch(`${stack.api.url}/api/product/list`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/product/list → ${res.status}`);
  return { text, total: (JSON.parse(text) as { products: unknown[] }).products.length };
}

async function measure(stack: Stack, label: string, log: (line: string) => void): Promise<Row[]> {
  const { text, total } = await listBody(stack);
  const bodyFile = path.join(os.tmpdir(), `bench-catalog-${process.pid}.json`);
  writeFileSync(bodyFile, text);
  const port = await freePort();
  const bare = startNodeScript('bare-fastify', 'bench/ceilings/bare-fastify.ts', { BODY_FILE: bodyFile, PORT: String(port), NODE_ENV: 'production' });
  const bareUrl = `http://127.0.0.1:${port}/api/product/list`;
  const productUrl = `${stack.api.url}/api/product/list`;
  try {
    await waitForHttp(bare, bareUrl);
    const kb = Buffer.byteLength(text) / 1024;
    log(`catalog: ${label}: ${total} products, ${kb.toFixed(1)} KB per response`);
    // Warm both (JIT, caches, connections) before anything counts.
    await load({ url: productUrl, connections: CONNECTIONS, duration: 1 });
    await load({ url: bareUrl, connections: CONNECTIONS, duration: 1 });
    const product: Measured[] = [];
    const ceiling: Measured[] = [];
    for (let i = 0; i < RUNS; i++) {
      product.push(await measured(stack.api.child, productUrl));
      ceiling.push(await measured(bare, bareUrl));
      log(`  run ${i + 1}: product ${product[i]!.rps.toFixed(0)} req/s, bare Fastify ${ceiling[i]!.rps.toFixed(0)} req/s`);
    }
    // What a browser gets: the same list brotli-compressed (compressed once per cached list), against the plain runs.
    const compressedKb = (await wireBytes(productUrl, 'br')) / 1024;
    const compressed: Measured[] = [];
    for (let i = 0; i < RUNS; i++) {
      compressed.push(await measured(stack.api.child, productUrl, { 'accept-encoding': 'br' }));
      log(`  run ${i + 1}: product with Accept-Encoding: br ${compressed[i]!.rps.toFixed(0)} req/s (${compressedKb.toFixed(1)} KB sent per response)`);
    }
    const failures = [...product, ...compressed].reduce((n, r) => n + r.non2xx + r.errors, 0);
    const name = `${label} (${total} products, ${kb >= 1024 ? `${(kb / 1024).toFixed(2)} MB` : `${kb.toFixed(1)} KB`})`;
    return [
      row({
        section: SECTION,
        name: `${name}, req/s at ${CONNECTIONS} connections with compression on (brotli, ${compressedKb.toFixed(1)} KB sent per response)`,
        unit: 'req/s',
        runs: compressed.map((r) => r.rps),
        ceiling: { name: 'the same, uncompressed', runs: product.map((r) => r.rps) },
      }),
      row({
        section: SECTION,
        name: `${name}, req/s at ${CONNECTIONS} connections`,
        unit: 'req/s',
        runs: product.map((r) => r.rps),
        ceiling: { name: 'bare Fastify', runs: ceiling.map((r) => r.rps) },
        target: { on: 'ratio', op: '>=', value: 0.7 },
        note: failures > 0 ? `${failures} non-2xx or failed requests` : undefined,
      }),
      row({ section: SECTION, name: `${name}, p50 latency`, unit: 'ms', runs: product.map((r) => r.p50), ceiling: { name: 'bare Fastify', runs: ceiling.map((r) => r.p50) } }),
      row({ section: SECTION, name: `${name}, p99 latency`, unit: 'ms', runs: product.map((r) => r.p99), ceiling: { name: 'bare Fastify', runs: ceiling.map((r) => r.p99) } }),
      row({
        section: SECTION,
        name: `${name}, server CPU per request`,
        unit: 'µs',
        runs: product.map((r) => r.cpuUsPerRequest),
        ceiling: { name: 'bare Fastify', runs: ceiling.map((r) => r.cpuUsPerRequest) },
        note: 'CPU time of the serving process / requests served: steadier than req/s when other work shares the machine, though contention still inflates it',
      }),
    ];
  } finally {
    await bare.stop();
  }
}

type Measured = LoadResult & { cpuUsPerRequest: number };

/** One load run, with the CPU time the serving process spent per request. */
async function measured(server: Child, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  const cpuBefore = cpuMs(server.pid);
  const result = await load({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { ...result, cpuUsPerRequest: result.requests > 0 ? ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests : NaN };
}

/** Tops the catalogue up to `total` in-stock products with plausible rows written directly, then analyses. */
async function addProducts(stack: Stack, total: number): Promise<void> {
  await stack.db.query(
    `INSERT INTO products (id, name, category, description, price_paise, offer_price_paise, images, in_stock, stock_quantity, created_at, updated_at)
     SELECT gen_random_uuid(),
            'Bench product ' || n || ' ' || (ARRAY['500g', '1kg', '250ml', '1L', 'pack of 6'])[1 + n % 5],
            (ARRAY['Vegetables', 'Fruits', 'Drinks', 'Instant', 'Dairy', 'Bakery', 'Grains'])[1 + n % 7],
            ARRAY['Fresh stock, sourced from local farms and sellers', 'Packed hygienically and delivered in 10 minutes'],
            10000 + (n * 37) % 40000, 9000 + (n * 37) % 36000,
            ARRAY['/uploads/bench-product-' || n || '.png'],
            true, NULL, now() + n * interval '1 millisecond', now()
       FROM generate_series(1, $1::int - (SELECT count(*) FROM products WHERE in_stock AND deleted_at IS NULL)::int) AS n`,
    [total],
  );
  await analyzeLoaded(stack.databaseUrl);
}
