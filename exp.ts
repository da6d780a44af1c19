import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './core/infra/generated/prisma/client';
import { orderInclude } from './core/modules/orders/order-mapper';
const url = 'postgresql://postgres@127.0.0.1:5432/grocery_bench';
const named = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }, { statementNameGenerator: (q) => 'p' + createHash('sha1').update(q.sql).digest('hex') }) });
const plain = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });
const o = await plain.order.findFirst({ select: { id: true } });
async function time(label: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await f();
  const c0 = process.cpuUsage(); const n = 2000;
  for (let i = 0; i < n; i++) await f();
  const c = process.cpuUsage(c0); console.log(label, ((c.user + c.system) / n).toFixed(0), 'µs CPU/query');
}
for (const [name, db] of [['plain', plain], ['named', named]] as const) {
  await time(name + ' include', () => db.order.findUnique({ where: { id: o!.id }, include: orderInclude }));
  await time(name + ' raw', () => db.$queryRaw`SELECT id FROM orders WHERE id = ${o!.id}::uuid`);
  await time(name + ' session', () => db.$queryRaw`SELECT id::text, user_id::text, seller_id::text FROM sessions WHERE token_hash = ${'abc'} AND revoked_at IS NULL AND expires_at > now() AT TIME ZONE 'UTC'`);
}
await plain.$disconnect(); await named.$disconnect();
