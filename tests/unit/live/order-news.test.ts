import { describe, expect, it } from 'vitest';
import type { LiveEnvelope } from '../../../core/contracts/ws';
import type { LivePublisher } from '../../../core/modules/live/live-channel';
import { createOrderNews } from '../../../core/modules/orders/order-news';
import { orderFixture } from '../client/marketplace-fixtures';

const order = orderFixture({ _id: 'o1', status: 'On The Way', version: 2 });
const event = { id: 'e1', payload: { orderId: 'o1', userId: order.userId, from: 'Order Placed', to: 'On The Way', isPaid: false, version: 2, order } };

function publisher(outcome: 'ok' | 'down') {
  const sent: LiveEnvelope[] = [];
  const live: LivePublisher = {
    publish: async (envelope) => {
      if (outcome === 'down') throw new Error('Redis is down');
      sent.push(envelope);
    },
  };
  return { live, sent };
}

describe('order news at commit', () => {
  it("announces the change's order under the event's id to the order's audience", () => {
    const { live, sent } = publisher('ok');
    createOrderNews(live).changed(event);
    expect(sent).toEqual([{ eventId: 'e1', audience: { kind: 'order', userId: order.userId, sellerId: order.seller.id }, message: { type: 'order.updated', order } }]);
  });

  it('announces nothing for no change, or for an event without its order', () => {
    const { live, sent } = publisher('ok');
    const news = createOrderNews(live);
    news.changed(undefined);
    news.changed({ ...event, payload: { ...event.payload, order: undefined } });
    expect(sent).toEqual([]);
  });

  it('hands a failed publish to its handler and never throws to the caller', async () => {
    const { live } = publisher('down');
    const failures: string[] = [];
    expect(() => createOrderNews(live, (err) => failures.push(err.message)).changed(event)).not.toThrow();
    await expect.poll(() => failures).toEqual(['Redis is down']);
  });

  it('without a publisher, leaves the announcement to the worker', () => {
    expect(() => createOrderNews(undefined).changed(event)).not.toThrow();
  });
});
