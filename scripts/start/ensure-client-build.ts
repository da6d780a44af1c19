import { existsSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { lastLines, runQuiet } from './run-quiet';

/**
 * Builds the client with Vite when `clientDir` has no index.html yet. A failed build is a warning, not a stop: the
 * API still starts, without the pages.
 */
export async function ensureClientBuild(root: string, clientDir: string): Promise<void> {
  if (existsSync(path.join(clientDir, 'index.html'))) return;
  console.log('Building the client (first start only, npm run build)…');
  const started = performance.now();
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const { code, output } = await runQuiet(process.execPath, [vite, 'build', '--config', 'client/vite.config.ts'], {
    cwd: root,
    // NODE_ENV=production: React's production runtime whatever the caller's environment says.
    env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  if (code === 0) {
    console.log(`Client built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  console.warn(
    [
      `WARNING: the client build failed (exit code ${code}), so only the API is served. Its last lines:`,
      // The build error itself, not the bundler's stack.
      lastLines(stripVTControlCharacters(output).split('\n').filter((line) => !/^\s+at |^\s*errors: |^}$/.test(line)).join('\n'), 20),
      'Fix it and run `npm run build`, then restart.',
    ].join('\n'),
  );
}
