import WebSocket from 'ws';
import { ORIGIN } from './stack';
import { mapLimit } from './stats';

type Message = { type: string; [key: string]: any };

/** Opens a socket as a browser on the site would (Origin, cookies) and resolves once the hub said hello. */
export function openSocket(wsUrl: string, cookie?: string, onMessage?: (message: Message, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, perMessageDeflate: false });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('no hello within 10 s'));
    }, 10_000);
    socket.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as Message;
      if (message.type === 'hello') {
        clearTimeout(timer);
        resolve(socket);
      } else {
        onMessage?.(message, at);
      }
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** `count` visitor sockets that stay connected and idle (they still answer the hub's pings). */
export async function openIdleSockets(wsUrl: string, count: number): Promise<WebSocket[]> {
  return mapLimit(Array.from({ length: count }), 100, () => openSocket(wsUrl));
}

export async function closeSockets(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.readyState === WebSocket.CLOSED) return resolve();
          s.once('close', () => resolve());
          s.close();
          setTimeout(() => {
            s.terminate();
            resolve();
          }, 2000).unref();
        }),
    ),
  );
}

/**
 * A shopper's socket that hands each matching message to whoever waits for it, stamped with its arrival time
 * (performance.now(), taken before parsing).
 */
export async function watchingSocket(wsUrl: string, cookie: string) {
  const waiters = new Set<{ match: (m: Message) => boolean; resolve: (at: number) => void }>();
  // The last few messages, named in the error when an expected one does not come.
  const recent: string[] = [];
  const socket = await openSocket(wsUrl, cookie, (message, at) => {
    recent.push(JSON.stringify(message).slice(0, 300));
    if (recent.length > 4) recent.shift();
    for (const w of waiters) {
      if (w.match(message)) {
        waiters.delete(w);
        w.resolve(at);
      }
    }
  });
  return {
    socket,
    /** Resolves with the arrival time of the first later message that matches. */
    next(match: (m: Message) => boolean, timeoutMs = 10_000): Promise<number> {
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (at: number) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching socket message within ${timeoutMs} ms; the last ones: ${recent.join(' | ') || 'none'}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => closeSockets([socket]),
  };
}
