import net from 'node:net';

export type TcpGate = {
  /** host:port to connect to instead of the real service. */
  host: string;
  port: number;
  /** Holds back what clients send from now on: their commands reach the service only after `open()`. */
  hold: () => void;
  /** Sends on everything held back and lets traffic flow again. */
  open: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP relay in front of a real service (Redis) that a test can make stop answering: while held, a client's
 * connection stays up but nothing it sends gets through, so its commands wait for as long as the test likes, neither
 * answered nor failed, and run for real once the gate opens.
 */
export async function startTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  let holding = false;
  const pending: (() => void)[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('data', (chunk) => {
      if (holding) pending.push(() => upstream.write(chunk));
      else upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    host: '127.0.0.1',
    port,
    hold: () => void (holding = true),
    open() {
      holding = false;
      for (const send of pending.splice(0)) send();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
