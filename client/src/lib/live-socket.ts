import { WS_CLOSE, WsMessage, type WsClientMessage } from '@core/contracts/ws';

export type LiveStatus = 'connecting' | 'online' | 'offline';

type LiveHandlers = {
  message: (message: WsMessage) => void;
  /**
   * Every (re)connect, once the server's hello arrives, and every `resync`: the moment to refetch snapshots
   * (docs/architecture.md, "Live updates").
   */
  opened: () => void;
  statusChanged: (status: LiveStatus) => void;
  /** The server closed the socket because its session ended (logged out elsewhere, expired, suspended). */
  sessionEnded?: () => void;
};

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;
/**
 * The heartbeat: a ping this often while the page is visible, unless the server's `hello` asks for a slower cadence
 * (a busy process does); the server answers each with a pong.
 */
const PING_EVERY_MS = 1_000;
/** Nothing heard for this long past a due pong means the socket has gone silent: say offline. */
const SILENT_GRACE_MS = 500;
/** Silent this long: the socket is given up and a new one opened (the old path may never come back). */
const REPLACE_AFTER_MS = 10_000;
/** After a `resync`, the page fetches again within this long. */
export const RESYNC_SPREAD_MS = 3_000;

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
 *
 * A connection can also go silent without closing (a stalled proxy or network path: the browser may take minutes to
 * notice), so once the server's `hello` arrives the socket pings every second (or as the server asks). Nothing heard for
 * half a second past a due pong: the page says offline. Heard again: online, and the snapshots are fetched again,
 * since messages may have been lost meanwhile.
 */
export function createLiveSocket(handlers: LiveHandlers, path = '/ws') {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  const heartbeat = createHeartbeat({
    ping: (frame) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    },
    silent: () => handlers.statusChanged('offline'),
    heardAgain: () => {
      handlers.statusChanged('online');
      handlers.opened();
    },
    givenUp: () => {
      if (socket) retire(socket);
      socket = null;
      scheduleRetry();
    },
  });

  function connect(): void {
    clearTimeout(retryTimer);
    heartbeat.stop();
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
        heartbeat.start(parsed.data.pingEveryMs ?? PING_EVERY_MS);
      } else {
        if (parsed.data.type === 'heartbeat') heartbeat.setCadence(parsed.data.pingEveryMs);
        // The server may have lost messages for this socket: fetch the snapshots again, as after a reconnect. Every
        // page on the process hears it at once, so each waits a moment of its own rather than all asking together. A
        // socket closed or replaced meanwhile has its own reconnect, which fetches again (and says whether it is online).
        if (parsed.data.type === 'resync') {
          setTimeout(() => {
            if (socket === ws && ws.readyState === WebSocket.OPEN) handlers.opened();
          }, Math.random() * RESYNC_SPREAD_MS);
        }
        heartbeat.heard();
      }
      if (parsed.data.type !== 'pong' && parsed.data.type !== 'heartbeat' && parsed.data.type !== 'resync') handlers.message(parsed.data);
    };
    ws.onerror = () => {
      // A close event always follows; the retry is scheduled there.
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === WS_CLOSE.Unauthorized) handlers.sessionEnded?.();
      heartbeat.stop();
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
    heartbeat.stop();
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
      document.addEventListener('visibilitychange', heartbeat.visibilityChanged);
      connect();
    },
    /** A new session (login, logout) means a new audience: reconnect at once. */
    restart(): void {
      if (!running) return;
      clearTimeout(retryTimer);
      heartbeat.stop();
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
      document.removeEventListener('visibilitychange', heartbeat.visibilityChanged);
      heartbeat.stop();
      if (socket) retire(socket);
      socket = null;
    },
  };
}

type HeartbeatHandlers = {
  ping: (frame: WsClientMessage) => void;
  silent: () => void;
  heardAgain: () => void;
  givenUp: () => void;
};

/**
 * Pings and watches one socket from its `hello` on. While silent it pings four times as often, so the page catches up
 * within moments of the path coming back. A hidden tab pauses it: browsers throttle a background tab's timers to as
 * little as once a minute, which would read as silence, and nobody is looking at the indicator then.
 */
function createHeartbeat(handlers: HeartbeatHandlers) {
  let running = false;
  /** Nothing heard for a beat and a half-second: the page says offline until a frame arrives. */
  let silent = false;
  let nextId = 0;
  /** This socket's cadence, from its hello and any later `heartbeat` message. */
  let every = PING_EVERY_MS;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;

  function pingEvery(ms: number): void {
    clearInterval(pingTimer);
    pingTimer = setInterval(() => handlers.ping({ type: 'ping', id: nextId++ }), ms);
  }

  function wentSilent(): void {
    silent = true;
    handlers.silent();
    keepAsking();
  }

  /** Silent: ping often until something is heard, or give the socket up. */
  function keepAsking(): void {
    handlers.ping({ type: 'ping', id: nextId++ });
    pingEvery(every / 4);
    clearTimeout(watchdog);
    watchdog = setTimeout(gaveUp, REPLACE_AFTER_MS);
  }

  function gaveUp(): void {
    stop();
    handlers.givenUp();
  }

  /** From now, silence is counted again (after a frame, or when the tab shows). */
  function watch(): void {
    clearTimeout(watchdog);
    watchdog = setTimeout(wentSilent, every + SILENT_GRACE_MS);
  }

  function resume(): void {
    silent = false;
    handlers.ping({ type: 'ping', id: nextId++ });
    pingEvery(every);
    watch();
  }

  function pause(): void {
    clearInterval(pingTimer);
    clearTimeout(watchdog);
  }

  function stop(): void {
    running = false;
    silent = false;
    pause();
  }

  return {
    start(pingEveryMs: number): void {
      stop();
      every = pingEveryMs;
      running = true;
      if (!document.hidden) resume();
    },
    /** Any frame counts: the socket is alive. */
    heard(): void {
      if (!running || document.hidden) return;
      if (!silent) {
        watch();
        return;
      }
      resume();
      handlers.heardAgain();
    },
    /** The server's new cadence (its `heartbeat` message): kept from the next ping on. */
    setCadence(pingEveryMs: number): void {
      if (pingEveryMs === every) return;
      every = pingEveryMs;
      if (running && !silent && !document.hidden) pingEvery(every);
    },
    stop,
    visibilityChanged(): void {
      if (!running) return;
      if (document.hidden) pause();
      else if (!silent) resume();
      else keepAsking();
    },
  };
}
