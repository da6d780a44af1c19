import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ROOT, runToEnd } from './lib/processes';
import { row, type Row } from './lib/report';
import { wireGet, type WireResponse } from './lib/wire';

const SECTION = 'Client';

type Size = { files: number; raw: number; gzip: number };
type Bundle = { js: Size; css: Size; development: boolean };

/**
 * What a first visit to the home page downloads before it can render: the scripts, module preloads and stylesheets
 * that index.html names, gzipped at level 9 (what a compressing proxy or CDN would send). Lazily loaded route chunks
 * are not counted. Measured on dist/client (what `npm start` serves). A build made with NODE_ENV other than
 * production (e.g. from inside a test runner, where NODE_ENV=test) contains React's development build; then a
 * production build of the same source is made in a temporary directory and reported as well.
 */
export async function clientSize(log: (line: string) => void, apiUrl?: string): Promise<Row[]> {
  const served = measure(path.join(ROOT, 'dist/client'));
  log(`client: dist/client: ${served.js.files} JS files (${kb(served.js.raw)} KB raw), ${served.css.files} CSS (${kb(served.css.raw)} KB raw)${served.development ? ', a DEVELOPMENT build' : ''}`);
  const rows = rowsFor('dist/client', served);
  if (apiUrl) rows.push(...(await firstLoadOverTheWire(apiUrl, log)));
  if (!served.development) return rows;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-client-'));
  try {
    await viteBuild(dir);
    const production = measure(dir);
    rows[0]!.note = `dist/client holds a development build (React's development runtime; built with NODE_ENV≠production). Rebuild it with \`NODE_ENV=production npm run build\`.`;
    return [...rows, ...rowsFor('production build of the same source', production)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

function rowsFor(label: string, b: Bundle): Row[] {
  return [
    row({ section: SECTION, name: `${label}: home page initial JS, gzipped (${b.js.files} files, ${kb(b.js.raw)} KB raw)`, unit: 'KB', runs: [b.js.gzip / 1024] }),
    row({ section: SECTION, name: `${label}: home page initial CSS, gzipped (${b.css.files} file${b.css.files === 1 ? '' : 's'}, ${kb(b.css.raw)} KB raw)`, unit: 'KB', runs: [b.css.gzip / 1024] }),
    row({ section: SECTION, name: `${label}: home page initial JS + CSS, gzipped`, unit: 'KB', runs: [(b.js.gzip + b.css.gzip) / 1024] }),
  ];
}

/**
 * What the server actually sends for a first visit to the home page: index.html, then every script, module preload
 * and stylesheet it names, asked for as a browser asks (Accept-Encoding: gzip, deflate, br, zstd). Body bytes as they
 * crossed the wire, so a server that does not compress shows up here at once.
 */
async function firstLoadOverTheWire(apiUrl: string, log: (line: string) => void): Promise<Row[]> {
  const page = await wireGet(`${apiUrl}/`);
  const html = decode(page).toString('utf8');
  const { js, css } = namedAssets(html);
  const assets = await Promise.all([...js, ...css].map((url) => wireGet(new URL(url, apiUrl).toString())));
  const bytes = page.bytes + assets.reduce((sum, a) => sum + a.bytes, 0);
  const encodings = [...new Set([page, ...assets].map((r) => r.encoding ?? 'none'))].join(', ');
  log(`client: home page first load over the wire: ${kb(bytes)} KB in ${assets.length + 1} responses (content-encoding: ${encodings})`);
  return [
    row({
      section: SECTION,
      name: `home page first load as sent by the server (index.html + ${js.length} JS + ${css.length} CSS; content-encoding: ${encodings})`,
      unit: 'KB',
      runs: [bytes / 1024],
    }),
  ];
}

function decode(response: WireResponse): Buffer {
  if (response.encoding === 'br') return brotliDecompressSync(response.body);
  if (response.encoding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

function namedAssets(html: string): { js: string[]; css: string[] } {
  return {
    js: [
      ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
    ],
    css: [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  };
}

function measure(dir: string): Bundle {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const js = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
  const read = (url: string) => readFileSync(path.join(dir, url.replace(/^\//, '')));
  const size = (urls: string[]): Size =>
    urls.map(read).reduce((sum, bytes) => ({ files: sum.files + 1, raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes, { level: 9 }).length }), { files: 0, raw: 0, gzip: 0 });
  // React's JSX development runtime only ships in non-production builds.
  const development = js.some((url) => /jsx-dev-runtime/.test(url) || read(url).includes('jsxDEV'));
  return { js: size(js), css: size(css), development };
}

async function viteBuild(outDir: string): Promise<void> {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  await runToEnd('vite build', process.execPath, [vite, 'build', '--config', 'client/vite.config.ts', '--outDir', outDir, '--emptyOutDir'], { NODE_ENV: 'production' });
}
