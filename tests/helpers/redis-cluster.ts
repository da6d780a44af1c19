import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from '../../core/infra/redis';

const run = promisify(execFile);

/**
 * A Redis Cluster of three masters with one replica each, made of this machine's redis-server processes on free ports
 * with their data in a temporary directory: what a store that outgrew one Redis runs, small enough for a test.
 */
export type LocalCluster = {
  /** The nodes as REDIS_CLUSTER_NODES takes them. */
  nodes: string;
  /** Promotes the replica of the master that holds `key`'s slot (CLUSTER FAILOVER: the replica catches up first). */
  failOverMasterOf: (key: string) => Promise<{ from: number; to: number }>;
  /** The node a subscribed connection (the API's live subscription) listens on. */
  subscriberPort: () => Promise<number>;
  /** The node a connection of this name (CLIENT SETNAME) is connected to. */
  portOfClient: (name: string) => Promise<number>;
  /** Ends a node's process at once, as a crash would; a master's replica takes over after the node timeout. */
  crash: (port: number) => Promise<void>;
  /** Stops a node's process without closing its connections (SIGSTOP), as a hung host would; `thaw` resumes it. */
  freeze: (port: number) => void;
  thaw: (port: number) => void;
  /** Waits until every node still running sees the cluster whole again (all slots served). */
  waitUntilHealthy: () => Promise<void>;
  stop: () => Promise<void>;
};

type Node = { port: number; process: ChildProcess };

export async function startLocalCluster(): Promise<LocalCluster> {
  for (const binary of ['redis-server', 'redis-cli']) requireBinary(binary);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'freshcart-cluster-'));
  const nodes: Node[] = [];
  // A frozen node answers nothing: asking it would hang, so it is left out of the nodes asked.
  const frozen = new Set<number>();
  const running = () => nodes.filter((n) => n.process.exitCode === null && n.process.signalCode === null && !frozen.has(n.port));
  const nodeOn = (port: number) => {
    const node = nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no node on ${port}`);
    return node;
  };
  try {
    for (const port of await freeClusterPorts(6)) nodes.push(await startNode(dir, port));
    await Promise.all(nodes.map((n) => waitUntil(() => ask(n.port, (r) => r.ping()).then((p) => p === 'PONG'), `redis-server on ${n.port} to answer`)));
    await run('redis-cli', ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '1', '--cluster-yes'], { timeout: 30_000 });
    await waitUntil(() => clusterHealthy(nodes.map((n) => n.port)), 'the cluster to be ok with every replica in sync', 30_000);
  } catch (error) {
    await stopNodes(nodes, dir);
    throw error;
  }

  return {
    nodes: nodes.map((n) => `127.0.0.1:${n.port}`).join(','),
    async failOverMasterOf(key) {
      const anyPort = nodes[0]!.port;
      const slot = Number(await ask(anyPort, (r) => r.call('CLUSTER', 'KEYSLOT', key)));
      const table = parseClusterNodes(String(await ask(anyPort, (r) => r.call('CLUSTER', 'NODES'))));
      const master = table.find((n) => n.isMaster && n.slots.some(([from, to]) => slot >= from && slot <= to));
      const replica = master && table.find((n) => n.masterId === master.id);
      if (!master || !replica) throw new Error(`no master with a replica holds slot ${slot}: ${JSON.stringify(table)}`);
      await ask(replica.port, (r) => r.call('CLUSTER', 'FAILOVER'));
      await waitUntil(async () => (await role(replica.port)) === 'master' && (await role(master.port)) === 'slave', `${replica.port} to take over from ${master.port}`, 20_000);
      return { from: master.port, to: replica.port };
    },
    async subscriberPort() {
      let found: number | undefined;
      await waitUntil(async () => {
        for (const n of running()) {
          const clients = String(await ask(n.port, (r) => r.call('CLIENT', 'LIST')));
          if (/ sub=[1-9]/.test(clients)) found = n.port;
        }
        return found !== undefined;
      }, 'a subscribed connection on some node');
      return found!;
    },
    async portOfClient(name) {
      let found: number | undefined;
      await waitUntil(async () => {
        for (const n of running()) {
          const clients = String(await ask(n.port, (r) => r.call('CLIENT', 'LIST')));
          if (clients.split('\n').some((line) => line.includes(` name=${name} `))) found = n.port;
        }
        return found !== undefined;
      }, `a connection named ${name}`);
      return found!;
    },
    freeze: (port) => {
      frozen.add(port);
      nodeOn(port).process.kill('SIGSTOP');
    },
    thaw: (port) => {
      nodeOn(port).process.kill('SIGCONT');
      frozen.delete(port);
    },
    async crash(port) {
      const node = nodes.find((n) => n.port === port);
      if (!node) throw new Error(`no node on ${port}`);
      await stopNodes([node]);
    },
    waitUntilHealthy: () => waitUntil(() => clusterHealthy(running().map((n) => n.port), nodes.length), 'the cluster to be whole again', 30_000),
    stop: () => stopNodes(nodes, dir),
  };
}

function requireBinary(name: string): void {
  const probe = spawnSync(name, ['--version'], { stdio: 'ignore' });
  if (probe.error) {
    throw new Error(`${name} is not on PATH: the Redis Cluster test runs a local cluster of redis-server processes (install Redis 7, e.g. apt-get install redis-server)`);
  }
}

async function startNode(dir: string, port: number): Promise<Node> {
  const nodeDir = path.join(dir, String(port));
  await mkdir(nodeDir);
  const args = [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', nodeDir],
    ...['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '3000'],
    ...['--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', 'redis.log'],
  ];
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  return { port, process: child };
}

async function stopNodes(nodes: Node[], dir?: string): Promise<void> {
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise<void>((resolve) => {
          if (n.process.exitCode !== null || n.process.signalCode !== null) return resolve();
          n.process.once('exit', () => resolve());
          n.process.kill('SIGKILL');
        }),
    ),
  );
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** Ports free now whose cluster bus port (port + 10000) is free too. */
async function freeClusterPorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (ports.includes(port) || ports.includes(port + 10_000) || ports.includes(port - 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) ports.push(port);
  }
  return ports;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** One command on a short-lived single-node connection (a node's own view, not routed through the cluster). */
async function ask<T>(port: number, command: (r: InstanceType<typeof Redis>) => Promise<T>): Promise<T> {
  const redis = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await command(redis);
  } finally {
    redis.disconnect();
  }
}

async function role(port: number): Promise<string> {
  const reply = (await ask(port, (r) => r.call('ROLE'))) as [string, ...unknown[]];
  return reply[0];
}

async function clusterHealthy(ports: number[], known = ports.length): Promise<boolean> {
  for (const port of ports) {
    const info = String(await ask(port, (r) => r.call('CLUSTER', 'INFO')));
    if (!info.includes('cluster_state:ok') || !info.includes(`cluster_known_nodes:${known}`)) return false;
    const replication = await ask(port, (r) => r.info('replication'));
    if (replication.includes('role:slave') && !replication.includes('master_link_status:up')) return false;
    // A crashed master still reads as ok until its peers have timed it out: wait until its slots have a live master.
    const table = parseClusterNodes(String(await ask(port, (r) => r.call('CLUSTER', 'NODES'))));
    if (table.some((n) => n.slots.length > 0 && (n.failing || !n.isMaster))) return false;
  }
  return true;
}

type ClusterNode = { id: string; port: number; isMaster: boolean; failing: boolean; masterId: string | null; slots: [number, number][] };

/** CLUSTER NODES lines: `<id> <ip:port@bus> <flags> <master id or -> <ping> <pong> <epoch> <link> <slot ranges…>`. */
function parseClusterNodes(text: string): ClusterNode[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id, address, flags, masterId, , , , , ...slots] = line.split(' ') as [string, string, string, string, ...string[]];
      return {
        id,
        port: Number(address.split('@')[0]!.split(':').pop()),
        isMaster: flags.split(',').includes('master'),
        failing: flags.split(',').some((f) => f === 'fail' || f === 'fail?'),
        masterId: masterId === '-' ? null : masterId,
        slots: slots
          .filter((s) => !s.startsWith('['))
          .map((s) => {
            const [from, to = from] = s.split('-').map(Number) as [number, number?];
            return [from, to] as [number, number];
          }),
      };
    });
}

/** Polls `check` until it is true (errors count as not yet), or fails after `timeoutMs`. */
async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
