import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli at quality 4 compresses JSON about as fast as gzip's default and smaller; the higher qualities cost many
 * times the CPU per response for a few percent.
 */
const BROTLI_QUALITY = 4;

/** Answers up to this size are compressed inline, on the event loop; larger ones by zlib's thread pool. */
export const INLINE_COMPRESSION_MAX_BYTES = 8 * 1024;

/**
 * Inline compression (small answers) uses brotli quality 2: an order's answer (about 2 KB of JSON) takes about 30 µs
 * at quality 2 against 70 µs at quality 4, and quality 1 was no cheaper. A small answer comes out 10–20% larger than
 * at quality 4 and still half the size of the JSON. Larger answers keep quality 4, compressed off the event loop.
 */
const SMALL_ANSWER_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } };
const smallAnswersCheaper = { ...zlib, brotliCompressSync: (buffer: Buffer) => zlib.brotliCompressSync(buffer, SMALL_ANSWER_BROTLI) };

/**
 * Compresses API answers above the threshold (brotli or gzip, as the client accepts; `Vary: Accept-Encoding`). The
 * built client is not compressed here: its files are compressed once at build time and served as they are
 * (static-files.ts). The whole-catalogue JSON, the largest answer, is compressed once per cached list
 * (`compressedOnce`).
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    zlib: smallAnswersCheaper,
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: INLINE_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
});

export type Encoding = 'br' | 'gzip';

/** Accept-Encoding values seen → the encoding chosen: browsers send a handful of distinct values, parsed once each. */
const chosen = new Map<string, Encoding | null>();
const CHOSEN_KEPT = 64;

/** The encoding to answer with: brotli if accepted, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (chosen.size >= CHOSEN_KEPT) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim().match(/^q=([\d.]+)$/)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** A body's compressed form: the compression under way, then its result, kept for the body's lifetime. */
type Variant = { promise: Promise<Buffer>; ready?: Buffer };
const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Variant>>>();

function variantOf(body: Buffer, encoding: Encoding): Variant {
  let variants = compressed.get(body);
  if (!variants) compressed.set(body, (variants = {}));
  const existing = variants[encoding];
  if (existing) return existing;
  const promise = encoding === 'br' ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzip(body, { level: 6 });
  const variant: Variant = { promise };
  promise.then(
    (bytes) => void (variant.ready = bytes),
    () => {},
  );
  return (variants[encoding] = variant);
}

/** `body` compressed with `encoding`, computed once per body (a cached answer is the same Buffer until it changes). */
export function compressedOnce(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return variantOf(body, encoding).promise;
}

/** `body` compressed with `encoding` if that is already done (see `compressedOnce`), without waiting. */
export function compressedIfReady(body: Buffer, encoding: Encoding): Buffer | undefined {
  return compressed.get(body)?.[encoding]?.ready;
}
