import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs; secrets never reach them (cookies and auth headers are redacted). Logs go to stdout, in
 * batches (`batchedLines`), unless a destination is given (tests capture lines to prove nothing secret is logged).
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.passwordHash', '*.token'],
      censor: '[redacted]',
    },
  };
  return pino(options, destination ?? stdoutLines());
}

/** The process's stdout, batched: one for every logger of the process, so their lines stay in order. */
let stdout: DestinationStream | undefined;
const stdoutLines = () => (stdout ??= batchedLines(pino.destination({ dest: 1, sync: true })));

/** At most this long between a line and its write: a log read live (`docker logs -f`) stays current. */
const BATCH_DELAY_MS = 100;
/** A batch this big is written at once. */
const BATCH_BYTES = 16 * 1024;

/**
 * Lines gathered and written to `sink` together, at most BATCH_DELAY_MS after the first of them: a busy process
 * (a relay logging every event, a worker every job) makes one write per batch instead of one system call per line.
 * Whatever is pending is written synchronously as the process exits, on a crash too; only a SIGKILL can lose the
 * last 100 ms of lines.
 */
export function batchedLines(sink: { write(text: string): unknown }, opts: { delayMs?: number; bytes?: number } = {}): DestinationStream & { flush(): void } {
  const delayMs = opts.delayMs ?? BATCH_DELAY_MS;
  const bytes = opts.bytes ?? BATCH_BYTES;
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    sink.write(text);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= bytes) flush();
      else timer ??= setTimeout(flush, delayMs).unref();
    },
    flush,
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's `childLoggerFactory` (`request.log`): a child bound to the request id, made only when a line is
 * actually written. Fastify makes a child for every request, a good part of what a cached catalogue read costs beyond
 * bare Fastify, while most requests never log (Fastify's own per-request lines are at info, off in production). This stand-in
 * has the logger's methods (all Fastify asks of a request logger), drops lines of disabled levels at once and
 * creates the real child on the first enabled line.
 */
class LazyRequestLogger {
  #child: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Record<string, unknown>,
  ) {}

  private real(): Logger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) { this.write('fatal', args); }
  error(...args: unknown[]) { this.write('error', args); }
  warn(...args: unknown[]) { this.write('warn', args); }
  info(...args: unknown[]) { this.write('info', args); }
  debug(...args: unknown[]) { this.write('debug', args); }
  trace(...args: unknown[]) { this.write('trace', args); }
  silent() {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): Logger {
    return this.real().child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }
  get level(): string {
    return (this.#child ?? this.parent).level;
  }
  set level(level: string) {
    this.real().level = level;
  }
}

export function lazyRequestLogger(logger: Logger, bindings: Record<string, unknown>, options: Record<string, unknown>): Logger {
  // A request given its own level (a route's logLevel) decides its lines itself: no shortcut then.
  if (options.level !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options) as unknown as Logger;
}
