import { WsMessage } from '@core/contracts/ws';

export type LiveStatus = 'connecting' | 'online' | 'offline';

type LiveHandlers = {
  message: (message: WsMessage) => void;
  /** Every (re)connect, once the server's hello arrives: the moment to refetch snapshots (docs/architecture.md, "Live updates"). */
  opened: () => void;
  statusChanged: (status: LiveStatus) => void;
};

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

function socketUrl(path: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${path}`;
}

/** Closes a socket without the browser's "closed before the connection is established" console error. */
function retire(socket: WebSocket): void {
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
  if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(1000);
  else {
    socket.onopen = null;
    socket.close(1000);
  }
}

/**
 * The one WebSocket to `/ws`. The session cookie decides what the server sends. Frames are safeParsed with the shared
 * contract and unknown ones ignored; a lost connection is retried with exponential backoff capped at 10 s.
 */
export function createLiveSocket(handlers: LiveHandlers, path = '/ws') {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  function connect(): void {
    clearTimeout(retryTimer);
    const ws = new WebSocket(socketUrl(path));
    socket = ws;
    // The server identifies the session after the upgrade and only then starts delivering; its `hello` is the moment
    // from which nothing is missed, so that (not `open`) is when we count as online and refetch snapshots.
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = WsMessage.safeParse(raw);
      if (!parsed.success) return;
      if (parsed.data.type === 'hello') {
        attempt = 0;
        handlers.statusChanged('online');
        handlers.opened();
      }
      handlers.message(parsed.data);
    };
    ws.onerror = () => {
      // A close event always follows; the retry is scheduled there.
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (!running) return;
      handlers.statusChanged('offline');
      scheduleRetry();
    };
  }

  function scheduleRetry(): void {
    const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
    const delay = Math.min(MAX_RETRY_MS, base * (0.8 + Math.random() * 0.4));
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  }

  /**
   * The browser lost its network: a socket can take many seconds to notice on its own, so say offline now and drop
   * it; the `online` event reconnects at once, and the reconnect's snapshot refetch catches up on what was missed.
   */
  function wentOffline(): void {
    if (!running) return;
    clearTimeout(retryTimer);
    if (socket) retire(socket);
    socket = null;
    handlers.statusChanged('offline');
  }

  function retryNowIfOffline(): void {
    if (running && socket === null) {
      attempt = 0;
      connect();
    }
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      handlers.statusChanged('connecting');
      window.addEventListener('online', retryNowIfOffline);
      window.addEventListener('offline', wentOffline);
      connect();
    },
    /** A new session (login, logout) means a new audience: reconnect at once. */
    restart(): void {
      if (!running) return;
      clearTimeout(retryTimer);
      if (socket) retire(socket);
      socket = null;
      attempt = 0;
      connect();
    },
    stop(): void {
      running = false;
      clearTimeout(retryTimer);
      window.removeEventListener('online', retryNowIfOffline);
      window.removeEventListener('offline', wentOffline);
      if (socket) retire(socket);
      socket = null;
    },
  };
}
