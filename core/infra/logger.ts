import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs; secrets never reach them (cookies and auth headers are redacted). Logs go to stdout unless a
 * destination is given (tests capture lines to prove nothing secret is logged).
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
  return destination ? pino(options, destination) : pino(options);
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
