import { createNodeConnection, createRedis, isCluster, type RedisTarget } from './redis';

export type Subscription = { ready: Promise<void>; close: () => void };
type Handlers = {
  onMessage: (channel: string, raw: string) => void;
  onError: (err: Error) => void;
  /** The subscription is in force again after it was lost: what was published meanwhile is gone. */
  onResubscribed: () => void;
};

/**
 * Listens to `channels` on a connection of its own (a subscribed connection can do nothing else). Pub/sub keeps
 * nothing, so whatever is published while the connection is down is lost: `onResubscribed` is called each time the
 * subscription is in force again after a loss, for the caller to make up for it.
 */
export function subscribe(target: RedisTarget, connectionName: string, channels: string[], handlers: Handlers, options: CheckOptions = {}): Subscription {
  return isCluster(target) ? subscribeOnAnyNode(target, connectionName, channels, handlers, options) : subscribeOnRedis(target, connectionName, channels, handlers, options);
}

/**
 * `checkEveryMs`: how often Redis is asked a PING (a subscribed connection may send one); one unanswered after
 * `answerWithinMs` means Redis hangs (stopped, partitioned) without closing the connection, and the subscription
 * treats the connection as lost: a subscribed connection only ever receives, so nothing else would notice.
 */
export type CheckOptions = { checkEveryMs?: number; answerWithinMs?: number };
const CHECK_EVERY_MS = 10_000;
const ANSWER_WITHIN_MS = 5_000;

/**
 * A single Redis: ioredis reconnects and sends the SUBSCRIBE again by itself; a Redis that stops answering has its
 * connection dropped and made again the same way.
 */
function subscribeOnRedis(
  target: RedisTarget,
  connectionName: string,
  channels: string[],
  { onMessage, onError, onResubscribed }: Handlers,
  { checkEveryMs = CHECK_EVERY_MS, answerWithinMs = ANSWER_WITHIN_MS }: CheckOptions,
): Subscription {
  const sub = createRedis(target, 'worker', { connectionName });
  sub.on('error', onError);
  sub.on('message', onMessage);
  let subscribed = false;
  let dropped = false;
  sub.on('close', () => (dropped = subscribed));
  sub.on('ready', () => {
    if (!dropped) return;
    dropped = false;
    // ioredis sends the SUBSCRIBE again as the connection becomes ready; a PING queued behind it answers once it is
    // in force, so what the caller fetches from then on misses nothing more.
    sub.ping().then(onResubscribed, onError);
  });
  const ready = sub.subscribe(...channels).then(() => {
    subscribed = true;
  });
  const check = setInterval(() => {
    if (sub.status !== 'ready') return;
    void answersInTime(sub, answerWithinMs).then((answered) => answered || sub.disconnect(true));
  }, checkEveryMs);
  check.unref();
  return {
    ready,
    close: () => {
      clearInterval(check);
      sub.disconnect();
    },
  };
}

const MOVE_DELAY_MS = 200;
const MAX_MOVE_DELAY_MS = 2000;


/**
 * A cluster passes every classic PUBLISH to all its nodes, so the subscription listens on any one node, on a plain
 * connection to it. When that connection ends (the node crashed, was removed, or the network dropped it) or the node
 * stops answering (CheckOptions), it moves to the next node it knows of: the configured ones and those the cluster named at the last connect. ioredis' own
 * cluster subscriber moves the same way but says nothing when it does, and the caller must know to make up for the
 * messages lost in between.
 */
function subscribeOnAnyNode(
  target: RedisTarget,
  connectionName: string,
  channels: string[],
  { onMessage, onError, onResubscribed }: Handlers,
  { checkEveryMs = CHECK_EVERY_MS, answerWithinMs = ANSWER_WITHIN_MS }: CheckOptions,
): Subscription {
  let known = target.redisClusterNodes.map(({ host, port }) => ({ host, port }));
  let next = 0;
  let current: ReturnType<typeof createNodeConnection> | undefined;
  let closed = false;
  let subscribedOnce = false;
  let settle: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));

  async function listenOnNextNode(attempt = 0): Promise<void> {
    if (closed) return;
    const node = known[next++ % known.length]!;
    // No reconnecting to the same node: moving on is as quick, and that node may not come back.
    const conn = createNodeConnection(target, node, { connectionName, lazyConnect: true, retryStrategy: () => null, enableOfflineQueue: false });
    conn.on('error', onError);
    try {
      await conn.connect();
      known = mergeNodes(known, liveNodes(String(await conn.call('CLUSTER', 'NODES'))));
      conn.on('message', onMessage);
      await conn.subscribe(...channels);
    } catch (error) {
      onError(error as Error);
      conn.disconnect();
      setTimeout(() => void listenOnNextNode(attempt + 1), Math.min(MOVE_DELAY_MS * 2 ** attempt, MAX_MOVE_DELAY_MS)).unref();
      return;
    }
    if (closed) return void conn.disconnect();
    current = conn;
    const check = setInterval(() => void answersInTime(conn, answerWithinMs).then((answered) => answered || conn.disconnect()), checkEveryMs);
    check.unref();
    const moveOn = () => {
      clearInterval(check);
      if (closed || current !== conn) return;
      current = undefined;
      setTimeout(() => void listenOnNextNode(), MOVE_DELAY_MS).unref();
    };
    conn.once('end', moveOn);
    // Ended between the subscription's reply and the listener above: its 'end' has been and gone, and nothing is
    // subscribed to tell anyone about.
    if (conn.status === 'end') return moveOn();
    if (subscribedOnce) onResubscribed();
    subscribedOnce = true;
    settle?.();
  }

  void listenOnNextNode();
  return {
    ready,
    close: () => {
      closed = true;
      current?.disconnect();
    },
  };
}

/** Whether the connection answers a PING within `ms`; a refused or failed PING is no answer either. */
function answersInTime(conn: { ping: () => Promise<unknown> }, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    conn.ping().then(
      () => resolve(true),
      () => resolve(false),
    ).finally(() => clearTimeout(timer));
  });
}

/** The nodes a CLUSTER NODES reply lists as reachable (not failed, not without an address, not joining). */
export function liveNodes(reply: string): { host: string; port: number }[] {
  return reply
    .split('\n')
    .map((line) => line.trim().split(' '))
    .filter(([, address, flags]) => address && flags && !/fail|noaddr|handshake/.test(flags))
    .map(([, address]) => {
      const hostPort = address!.split('@')[0]!;
      const colon = hostPort.lastIndexOf(':');
      // An IPv6 address comes in brackets, which a connection's host must not have.
      return { host: hostPort.slice(0, colon).replace(/^\[(.*)\]$/, '$1'), port: Number(hostPort.slice(colon + 1)) };
    })
    .filter((n) => n.host !== '' && n.port > 0);
}

function mergeNodes(known: { host: string; port: number }[], found: { host: string; port: number }[]) {
  const key = (n: { host: string; port: number }) => `${n.host}:${n.port}`;
  const seen = new Set(known.map(key));
  return [...known, ...found.filter((n) => !seen.has(key(n)))];
}
