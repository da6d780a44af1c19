import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/build/build.mjs';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { COMPRESS_THRESHOLD_BYTES, INLINE_COMPRESSION_MAX_BYTES } from '../../../server/plugins/compression';
import { createProduct, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { loginSeller, operatorStoreId } from '../../helpers/seller-factories';

const root = path.resolve(import.meta.dirname, '../../..');
const clientDir = path.join(root, 'dist/client');

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

const varies = (headers: Record<string, unknown>) =>
  String(headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .filter((v) => v === 'accept-encoding').length;

describe('compression', () => {
  let ctx: TestContext;
  let mainScript: string;
  beforeAll(async () => {
    // The production client, built as `npm start` builds it (with its .br and .gz files).
    await ensureBuilt(root, ['client'], () => {});
    mainScript = readdirSync(path.join(clientDir, 'assets')).find((f) => /^index-.*\.js$/.test(f))!;
    ctx = await buildTestContext({ SERVE_CLIENT: 'true' });
    for (let i = 0; i < 40; i++) await createProduct(ctx.db, { name: `Product ${i}`, description: ['A line long enough to make the list worth compressing'] });
  });
  afterAll(() => ctx?.close());

  it('the build wrote brotli and gzip copies beside its text files', () => {
    for (const file of ['index.html', `assets/${mainScript}`]) {
      const original = readFileSync(path.join(clientDir, file));
      expect(zlib.brotliDecompressSync(readFileSync(path.join(clientDir, `${file}.br`)))).toEqual(original);
      expect(zlib.gunzipSync(readFileSync(path.join(clientDir, `${file}.gz`)))).toEqual(original);
    }
  });

  for (const [accept, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ] as const) {
    it(`serves the built page and its script pre-compressed for Accept-Encoding: ${accept ?? '(none)'} → ${encoding ?? 'as is'}, with Vary`, async () => {
      for (const [url, file] of [['/', 'index.html'], ['/products/fruits', 'index.html'], [`/assets/${mainScript}`, `assets/${mainScript}`]] as const) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(varies(res.headers), url).toBe(1);
        expect(decode(encoding, res.rawPayload), url).toEqual(readFileSync(path.join(clientDir, file)));
        // Exactly the bytes written at build time: nothing is compressed per request.
        if (encoding) expect(res.rawPayload, url).toEqual(readFileSync(path.join(clientDir, `${file}.${encoding === 'br' ? 'br' : 'gz'}`)));
      }
    });
  }

  it('compresses the catalogue JSON, the same bytes and headers every time until it changes', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers)).toBe(1);
    for (const encoding of ['br', 'gzip'] as const) {
      const first = await ctx.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': encoding } });
      const second = await ctx.app.inject({ method: 'GET', url: '/api/product/list', headers: { 'accept-encoding': encoding } });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(varies(first.headers)).toBe(1);
      expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(encoding, first.rawPayload).toString())).toEqual(plain.json());
      // The second is the kept list with its kept compressed form, sent without waiting on anything: same answer.
      expect(second.rawPayload).toEqual(first.rawPayload);
      const sent = (res: typeof first) => [res.statusCode, res.headers['content-type'], res.headers['content-encoding'], res.headers.vary, res.headers['x-content-type-options']];
      expect(sent(second)).toEqual(sent(first));
    }
  });

  it('compresses other JSON above the threshold and leaves small answers as they are', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/product/list?limit=30', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', page.rawPayload).toString())).toMatchObject({ success: true });

    const small = await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: false });
  });

  it('compresses a small answer inline at brotli quality 2, and a large one off the event loop', async () => {
    const seller = await loginSeller(ctx);
    const shopper = await shopperWithAddress(ctx.app);
    const product = await createProduct(ctx.db, { name: 'Masoor Dal', sellerId: await operatorStoreId(ctx) });
    const order = () => placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product.id, quantity: 1 }], address: shopper.address._id });
    const board = (limit: number, accept?: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/order/seller?limit=${limit}`, headers: { cookie: seller, ...(accept ? { 'accept-encoding': accept } : {}) } });

    await order();
    const plain = await board(1);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.rawPayload.length).toBeLessThanOrEqual(INLINE_COMPRESSION_MAX_BYTES);
    const small = await board(1, 'gzip, deflate, br, zstd');
    expect(small.headers['content-encoding']).toBe('br');
    expect(varies(small.headers)).toBe(1);
    expect(small.rawPayload).toEqual(zlib.brotliCompressSync(plain.rawPayload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } }));

    for (let i = 0; i < 8; i++) await order();
    const wholePlain = await board(50);
    expect(wholePlain.rawPayload.length).toBeGreaterThan(INLINE_COMPRESSION_MAX_BYTES);
    const whole = await board(50, 'br');
    expect(whole.headers['content-encoding']).toBe('br');
    expect(decode('br', whole.rawPayload)).toEqual(wholePlain.rawPayload);
    expect(whole.rawPayload.length).toBeLessThan(wholePlain.rawPayload.length / 4);
  });
});
