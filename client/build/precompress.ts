import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves too little to matter (index.html, about 1 KB, is well above it). */
const MIN_BYTES = 256;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every text file of the build, once,
 * at build time. The server serves them (its static plugin's `preCompressed`) to browsers that accept them, so a page
 * load costs no compression work at all. A copy that comes out no smaller than the original is not kept.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'freshcart-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await textFiles(outDir)) {
        const content = await readFile(file);
        if (content.length < MIN_BYTES) continue;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzip(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}

async function textFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(full)));
    else if (COMPRESSIBLE.test(entry.name) && (await stat(full)).isFile()) found.push(full);
  }
  return found;
}
