import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveEnvelope, LiveEnvelopeHead } from '../../../core/contracts/ws';
import { createLiveSubscriber, liveChannel } from '../../../core/modules/live/live-channel';

/** The subscriber every API process runs, on the real Redis: what reaches the hub, and what is left unread. */
describe('the live subscriber', () => {
  const target = { redisUrl: inject('redisUrl'), redisClusterNodes: [], redisPrefix: `live-sub-${randomUUID()}` };
  const here = randomUUID();
  const heads: LiveEnvelopeHead[] = [];
  const delivered: LiveEnvelope[] = [];
  let subscriber: ReturnType<typeof createLiveSubscriber>;
  let publisher: Redis;

  beforeAll(async () => {
    publisher = new Redis(target.redisUrl);
    subscriber = createLiveSubscriber(target, {
      // As an API process whose only socket is the shopper `here`'s.
      concerns: (head) => {
        heads.push(head);
        return head.audience.kind === 'user' && head.audience.userId === here;
      },
      onMessage: (envelope) => delivered.push(envelope),
    });
    await subscriber.ready;
  });
  afterAll(async () => {
    await subscriber.close();
    publisher.disconnect();
  });

  const publish = (envelope: unknown) => publisher.publish(liveChannel(target.redisPrefix), JSON.stringify(envelope));
  const removed = (userId: string, productId: string) => ({ eventId: randomUUID(), audience: { kind: 'user', userId }, message: { type: 'product.removed', productId, version: 1 } });

  async function settled(count: number): Promise<void> {
    const deadline = Date.now() + 5000;
    while (heads.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${heads.length} of ${count} envelopes arrived`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('hands over a whole, valid envelope that concerns this process, and only those', async () => {
    await publish(removed(randomUUID(), 'elsewhere'));
    await publish(removed(here, 'mine'));
    // Addressed here but not a valid message (a product.removed without its productId): read, checked, dropped.
    await publish({ eventId: randomUUID(), audience: { kind: 'user', userId: here }, message: { type: 'product.removed' } });
    // Not even a readable head: dropped before anyone is asked.
    await publish({ audience: { kind: 'nobody' }, message: { type: 'product.removed', productId: 'x' } });
    await settled(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(heads.map((h) => h.audience)).toEqual([
      { kind: 'user', userId: expect.not.stringMatching(here) },
      { kind: 'user', userId: here },
      { kind: 'user', userId: here },
    ]);
    expect(delivered.map((e) => e.message)).toEqual([{ type: 'product.removed', productId: 'mine', version: 1 }]);
  });

  it('says when its subscription is back after the connection dropped, and from then on nothing is missed', async () => {
    const resubscribed: number[] = [];
    const mine: LiveEnvelope[] = [];
    const dropping = createLiveSubscriber(target, {
      concerns: (head) => head.audience.kind === 'user' && head.audience.userId === here,
      onMessage: (envelope) => mine.push(envelope),
      onResubscribed: () => resubscribed.push(Date.now()),
    });
    try {
      await dropping.ready;
      expect(resubscribed).toEqual([]);
      // Redis ends this subscriber's connection (a restart, a failover, a proxy timing it out); the test's other
      // subscriber, on the same Redis, keeps its own.
      const name = `${target.redisPrefix}:live-subscriber`;
      const clients = String(await publisher.client('LIST')).split('\n').filter((line) => line.includes(` name=${name} `));
      expect(clients).toHaveLength(2);
      const ids = clients.map((line) => /^id=(\d+)/.exec(line)![1]!);
      // The newest connection is the one just made.
      await publisher.client('KILL', 'ID', ids.sort((a, b) => Number(a) - Number(b)).at(-1)!);
      const deadline = Date.now() + 5000;
      while (resubscribed.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(resubscribed).toHaveLength(1);
      // Told only once the subscription is in force: a message published right then arrives.
      await publish(removed(here, 'after-the-drop'));
      const arrived = Date.now() + 2000;
      while (mine.length === 0 && Date.now() < arrived) await new Promise((r) => setTimeout(r, 10));
      expect(mine.map((e) => e.message)).toEqual([{ type: 'product.removed', productId: 'after-the-drop', version: 1 }]);
    } finally {
      await dropping.close();
    }
  });
});
