import { Redis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The ceiling for a live broadcast: a bare `ws` server (no Fastify, no sessions, no index) that says hello to each
 * socket, as the product's hub does, and on each message of the Redis channel CHANNEL sends its `message` to every
 * socket the way ws's README broadcasts: `client.send(text)` for each open client. The product's API receives the same
 * envelope on its live channel, so both are timed from the same publish. With HEARTBEAT_MS it is also the ceiling for
 * the heartbeat: every beat it pings each socket and ends those that did not answer the last ping, the way ws's README
 * does it (`ping()` per client, one shared pong listener).
 */
const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT), perMessageDeflate: false, maxPayload: 4 * 1024 });
const listening = new Promise((resolve) => wss.once('listening', resolve));
const hello = JSON.stringify({ type: 'hello', role: 'visitor' });
type Beating = WebSocket & { isAlive?: boolean };
function heard(this: Beating) {
  this.isAlive = true;
}
wss.on('connection', (socket: Beating) => {
  socket.isAlive = true;
  socket.on('pong', heard);
  socket.send(hello);
});
if (process.env.HEARTBEAT_MS) {
  const beat = setInterval(() => {
    for (const client of wss.clients as Set<Beating>) {
      if (!client.isAlive) {
        client.terminate();
        continue;
      }
      client.isAlive = false;
      client.ping();
    }
  }, Number(process.env.HEARTBEAT_MS));
  // The bench stops the beat once it is measured, so it does not share the cores with the broadcasts timed next.
  process.on('SIGUSR2', () => clearInterval(beat));
}

const redis = new Redis(process.env.REDIS_URL!);
await redis.subscribe(process.env.CHANNEL!);
redis.on('message', (_channel, raw: string) => {
  const text = JSON.stringify((JSON.parse(raw) as { message: unknown }).message);
  for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
});
await listening;
console.log('ready');
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
