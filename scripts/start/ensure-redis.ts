import path from 'node:path';
import { messageOf } from './lifecycle';
import { addressOf, answers, formatAddress } from './net';
import { serviceMissing } from './service-missing';
import { startPrivateRedis, type PrivateRedis } from './private-redis';

export type RedisInUse = { redisUrl: string; stop?: (hurry?: boolean) => Promise<void> };

/**
 * The configured Redis if it answers; else, when REDIS_URL was not set explicitly, a private redis-server with its
 * data in `dataDir`; else a StartError saying what is missing, where, and how to start it.
 */
export async function ensureRedis(redisUrl: string, options: { explicit: boolean; always: boolean; dataDir: string }): Promise<RedisInUse> {
  const address = addressOf(redisUrl, 6379);
  if ((options.explicit || !options.always) && (await answers(address))) return { redisUrl };
  if (options.explicit) throw serviceMissing('Redis', address, options, 'REDIS_URL is set, so no private redis-server is started.');

  let started: PrivateRedis | null;
  try {
    started = await startPrivateRedis(options.dataDir);
  } catch (error) {
    throw serviceMissing('Redis', address, options, `A private redis-server could not start either: ${messageOf(error)}`);
  }
  if (!started) throw serviceMissing('Redis', address, options, 'There is no redis-server on PATH to start a private one.');
  const data = path.relative(process.cwd(), options.dataDir) || options.dataDir;
  const why = options.always ? 'EMBEDDED_SERVICES=always' : `nothing answers at ${formatAddress(address)}`;
  if (started.replaced) console.log(`Redis: stopped the private redis-server an earlier run left running (pid ${started.replaced}, not stopped cleanly).`);
  console.log(`Redis: ${why}, so a private redis-server runs on 127.0.0.1:${started.port} (data in ${data}).`);
  return { redisUrl: `redis://127.0.0.1:${started.port}`, stop: started.stop };
}
