import net from 'node:net';

export type TcpGate = {
  /** host:port to connect to instead of the real service. */
  host: string;
  port: number;
  /**
   * Holds back what crosses the gate from now on, both ways: clients' commands reach the service, and its replies and
   * pushed messages reach the clients, only after `open()`. A service that hangs without closing its connections.
   */
  hold: () => void;
  /** Sends on everything held back, in order, and lets traffic flow again. */
  open: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP relay in front of a real service (Redis) that a test can make stop answering: while held, a client's
 * connection stays up but nothing gets through either way, so its commands wait for as long as the test likes, neither
 * answered nor failed, and run for real once the gate opens. A connection made while held is accepted (as a hung
 * server's kernel still accepts one) and is held like the others.
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
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (holding) pending.push(() => to.write(chunk));
        else to.write(chunk);
      });
    pass(upstream, client);
    pass(client, upstream);
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
