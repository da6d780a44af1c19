import { Queue } from 'bullmq';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createRedis } from '../../../core/infra/redis';
import { appendEvent } from '../../../core/modules/outbox/outbox-writer';
import { createQueues } from '../../../workers/queues';
import { CLAIM_SETTINGS, createOutboxRelay, NEXT_UNPUBLISHED } from '../../../workers/relay/outbox-relay';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { sleep } from '../../helpers/live-helpers';

describe('outbox relay', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  function relay(pollMs = 60_000) {
    const connection = createRedis(ctx.config, 'producer');
    const queues = createQueues(connection, ctx.prefix);
    const r = createOutboxRelay({ databaseUrl: ctx.config.databaseUrl, queues, logger: createLogger('silent', 't'), pollMs });
    return {
      relay: r,
      async close() {
        await r.stop();
        await Promise.all(Object.values(queues).map((q) => q.close()));
        connection.disconnect();
      },
    };
  }

  it('wakes as soon as a transaction that wrote outbox rows commits, without waiting for its poll', async () => {
    const { relay: r, close } = relay(60_000);
    await r.start();
    const stock = new Queue('stock', { connection: ctx.redis, prefix: ctx.prefix });
    try {
      const eventId = await ctx.transaction((tx) => appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'toggled' }));
      let job = null;
      for (let i = 0; i < 50 && !job; i++) {
        await sleep(20);
        job = await stock.getJob(eventId);
      }
      expect(job?.data).toMatchObject({ eventId, type: 'stock.changed', version: 1 });
    } finally {
      await stock.obliterate({ force: true });
      await stock.close();
      await close();
    }
  });

  it('lets several relays drain one outbox without publishing any row twice', async () => {
    await ctx.db.$transaction(async (tx) => {
      for (let i = 0; i < 300; i++) await appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'updated' });
    }, { timeout: 60_000 });
    const relays = [relay(), relay(), relay()];
    await Promise.all(relays.map((r) => r.relay.drainNow()));
    const published = relays.map((r) => r.relay.stats.published);
    await Promise.all(relays.map((r) => r.close()));

    expect(published.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await ctx.db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
    const stock = new Queue('stock', { connection: ctx.redis, prefix: ctx.prefix });
    expect(await stock.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed')).toBe(300);
    await stock.close();
  });

  /** The blocks (pages) the claim's search for its next rows touches, and how it searches, as EXPLAIN ANALYZE reports. */
  async function claimSearch(): Promise<{ blocks: number; plan: string }> {
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await client.connect();
    try {
      await client.query(`BEGIN; ${CLAIM_SETTINGS}`);
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${NEXT_UNPUBLISHED}`);
      const top = rows[0]!['QUERY PLAN'][0].Plan;
      const nodes: string[] = [];
      const walk = (node: PlanNode) => {
        nodes.push(`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`);
        node.Plans?.forEach(walk);
      };
      walk(top);
      return { blocks: top['Shared Hit Blocks'] + top['Shared Read Blocks'], plan: nodes.join(' < ') };
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  }
  type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Shared Hit Blocks': number; 'Shared Read Blocks': number; Plans?: PlanNode[] };

  it('finds the next rows without reading the rows it relayed before', async () => {
    // Between two vacuums: each relayed row's unpublished version stays in the table and its indexes until a vacuum
    // removes it. Autovacuum is held off so that this state lasts for the test, as it does between runs on a busy outbox.
    await ctx.db.$executeRawUnsafe('ALTER TABLE outbox SET (autovacuum_enabled = false)');
    const payload = JSON.stringify({ productId: crypto.randomUUID(), note: 'x'.repeat(800) });
    await ctx.db.$executeRawUnsafe(
      `INSERT INTO outbox (id, type, queue, payload) SELECT gen_random_uuid(), 'stock.changed', 'stock', $1::jsonb FROM generate_series(1, 5000)`,
      payload,
    );
    const { relay: r, close } = relay();
    try {
      await r.drainNow();
      expect(r.stats.published).toBe(5000);
      const [{ pages }] = await ctx.db.$queryRawUnsafe<[{ pages: number }]>(`SELECT (pg_relation_size('outbox') / current_setting('block_size')::int)::int AS pages`);
      // The relay is drained by hand here, so nothing needs ringing: Prisma's bare transaction.
      const appendThree = () =>
        ctx.db.$transaction(async (tx) => {
          for (let i = 0; i < 3; i++) await appendEvent(tx, 'stock.changed', { productId: crypto.randomUUID(), reason: 'updated' });
        });
      // The relay keeps working: its next claim walks past the 5,000 and marks their entries dead on the way.
      await appendThree();
      await r.drainNow();
      await appendThree();

      // PostgreSQL marks an entry dead only once no snapshot of the database is older than its row's deletion and that
      // deletion's commit is on disk; on a busy machine either can lag a moment, and the next walk marks what this one
      // could not. (A bitmap scan never marks them: with one, the count below stays in the hundreds however long.)
      let search = await claimSearch();
      for (let tries = 0; tries < 50 && search.blocks >= 60; tries++) {
        await sleep(100);
        search = await claimSearch();
      }
      expect(search.plan).toBe('Limit < LockRows < Index Scan on outbox_unpublished_idx');
      // Three rows to find after 5,003 relayed ones that fill hundreds of pages: the claim reads the three rows and the
      // index pages where the relayed rows' entries were, skipping those entries without reading their rows.
      expect(pages).toBeGreaterThan(500);
      expect(search.blocks, search.plan).toBeLessThan(60);
      await r.drainNow();
      expect(r.stats.published).toBe(5006);
    } finally {
      await close();
      await ctx.db.$executeRawUnsafe('ALTER TABLE outbox RESET (autovacuum_enabled)');
    }
  });
});
