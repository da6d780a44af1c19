import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets never reach them (cookies and auth headers are redacted). */
export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.passwordHash', '*.token'],
      censor: '[redacted]',
    },
  });
}
