import net from 'node:net';

export type Address = { host: string; port: number };

/** host:port of a postgresql:// or redis:// URL, with the protocol's default port. */
export function addressOf(url: string, defaultPort: number): Address {
  const u = new URL(url);
  // URL keeps the brackets of an IPv6 host ([::1]); net.connect wants the bare address.
  return { host: u.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1', port: Number(u.port) || defaultPort };
}

export function formatAddress({ host, port }: Address): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Whether something accepts TCP connections at the address (no protocol check: "is anything there?"). */
export function answers({ host, port }: Address, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Polls until the address answers; false after `timeoutMs` or as soon as `gaveUp()` says so (e.g. the child died). */
export async function waitUntilAnswers(address: Address, timeoutMs: number, gaveUp: () => boolean = () => false): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    if (await answers(address, 500)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** `preferred` if nothing listens on it at 127.0.0.1, else a port the system picks. */
export async function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : null;
        server.close(() => resolve(chosen));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? preferred;
}
