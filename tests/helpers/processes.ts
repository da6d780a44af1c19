import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { API_NODE_FLAGS } from '../../scripts/start/api-node-flags';
import { TEST_PASSWORD_COST, TEST_RATE_LIMITS } from './services-env';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type RunningRole = { child: ChildProcess; url?: string; output: () => string; stop: () => Promise<number | null> };

/**
 * Runs `npm run start:api` / `start:worker`'s compiled entry point (dist/app, built by the global setup) as a real
 * child process with the given environment; the API with the Node flags it runs with in production.
 */
export async function spawnRole(role: 'api' | 'worker', env: Record<string, string>): Promise<RunningRole> {
  const entry = `dist/app/${role}.js`;
  const port = role === 'api' ? String(await freePort()) : '0';
  const child = spawn(process.execPath, [...(role === 'api' ? API_NODE_FLAGS : []), entry], {
    cwd: root,
    env: { ...process.env, ...TEST_PASSWORD_COST, ...TEST_RATE_LIMITS, LOG_LEVEL: 'warn', PORT: port, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };

  if (role === 'api') {
    const url = `http://127.0.0.1:${port}`;
    // Generous: under load, a first start can take a while on two cores.
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`api exited early:\n${output}`);
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) return { child, url, output: () => output, stop };
      await new Promise((r) => setTimeout(r, 100));
    }
    await stop();
    throw new Error(`api did not become healthy:\n${output}`);
  }
  // A worker is ready once its relay has started; give it a moment and make sure it did not die.
  await new Promise((r) => setTimeout(r, 1500));
  if (child.exitCode !== null) throw new Error(`worker exited early:\n${output}`);
  return { child, output: () => output, stop };
}
