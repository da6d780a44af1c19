import { StartError } from './lifecycle';
import { formatAddress, type Address } from './net';

/** How each service is started by hand, and which variable points the app at another one. */
const HINTS = {
  PostgreSQL: {
    urlVariable: 'DATABASE_URL',
    start: () => 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    exampleUrl: 'postgresql://postgres@127.0.0.1:5432/grocery',
  },
  Redis: {
    urlVariable: 'REDIS_URL',
    start: (address: Address) => `redis-server --daemonize yes --bind ${address.host} --port ${address.port}`,
    exampleUrl: 'redis://127.0.0.1:6379',
  },
} as const;

/** What a missing service says at start: what is not reachable, where, why, how to start it and how to point elsewhere. */
export function serviceMissing(name: keyof typeof HINTS, address: Address, options: { explicit: boolean }, reason: string): StartError {
  const hint = HINTS[name];
  const where = options.explicit ? hint.urlVariable : 'the default address';
  return new StartError(
    [
      `${name} is not reachable at ${formatAddress(address)} (${where}).`,
      reason,
      `Start ${name}, then run npm start again:`,
      `  ${hint.start(address)}`,
      `or point ${hint.urlVariable} at a ${name} server that is running, e.g.`,
      `  ${hint.urlVariable}=${hint.exampleUrl} npm start`,
    ].join('\n'),
  );
}
