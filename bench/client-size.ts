import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/processes';
import { row, type Row } from './lib/report';

const SECTION = 'Client';

/**
 * What a first visit to the home page downloads before it can render: the scripts, module preloads and stylesheets
 * that dist/client/index.html names, gzipped at level 9 (what a CDN or a compressing proxy would send).
 * Lazily loaded route chunks are not counted.
 */
export async function clientSize(log: (line: string) => void): Promise<Row[]> {
  const dir = path.join(ROOT, 'dist/client');
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const js = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
  ];
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
  const size = (urls: string[]) =>
    urls.reduce(
      (sum, url) => {
        const bytes = readFileSync(path.join(dir, url.replace(/^\//, '')));
        return { raw: sum.raw + bytes.length, gzip: sum.gzip + gzipSync(bytes, { level: 9 }).length };
      },
      { raw: 0, gzip: 0 },
    );
  const jsSize = size(js);
  const cssSize = size(css);
  log(`client: ${js.length} JS files (${(jsSize.raw / 1024).toFixed(1)} KB raw), ${css.length} CSS files (${(cssSize.raw / 1024).toFixed(1)} KB raw)`);
  const kb = (n: number) => [n / 1024];
  return [
    row({ section: SECTION, name: `home page initial JS, gzipped (${js.length} files, ${(jsSize.raw / 1024).toFixed(0)} KB raw)`, unit: 'KB', runs: kb(jsSize.gzip) }),
    row({ section: SECTION, name: `home page initial CSS, gzipped (${css.length} file${css.length === 1 ? '' : 's'}, ${(cssSize.raw / 1024).toFixed(0)} KB raw)`, unit: 'KB', runs: kb(cssSize.gzip) }),
    row({ section: SECTION, name: 'home page initial JS + CSS, gzipped', unit: 'KB', runs: kb(jsSize.gzip + cssSize.gzip) }),
  ];
}
