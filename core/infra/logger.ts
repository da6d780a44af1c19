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

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

/**
 * Fastify's `childLoggerFactory` (`request.log`): a child bound to the request id, made only when a line is
 * actually written. Fastify makes a child for every request, which costs more than the catalogue's whole hot path,
 * while most requests never log (Fastify's own per-request lines are at info, off in production); this stand-in
 * answers a disabled level with pino's no-op and creates the real child on the first enabled line.
 */
export function lazyRequestLogger(logger: Logger, bindings: Record<string, unknown>, options: Record<string, unknown>): Logger {
  // A request given its own level (a route's logLevel) decides its lines itself: no shortcut then.
  if (options.level !== undefined) return logger.child(bindings, options);
  let child: Logger | undefined;
  const real = () => (child ??= logger.child(bindings, options));
  return new Proxy(logger, {
    get(parent, prop) {
      if (typeof prop === 'string' && LEVELS.has(prop) && !child && !parent.isLevelEnabled(prop)) return parent[prop as 'info'];
      const target = real();
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_parent, prop, value) {
      return Reflect.set(real(), prop, value);
    },
  });
}
