import { describe, expect, it } from 'vitest';
import { liveNodes } from '../../../core/infra/redis-subscription';

describe('liveNodes (CLUSTER NODES)', () => {
  it('lists the nodes a subscription may move to: not failed, not without an address, not still joining', () => {
    const reply = [
      'a1 127.0.0.1:7000@17000 myself,master - 0 0 1 connected 0-5460',
      'b2 127.0.0.1:7001@17001 master - 0 1700000000000 2 connected 5461-10922',
      'c3 10.0.0.7:7002@17002,redis-3.internal slave b2 0 1700000000000 2 connected',
      'd4 127.0.0.1:7003@17003 master,fail - 1700000000000 1700000000000 3 disconnected',
      'e5 :0@0 slave,noaddr a1 0 0 1 disconnected',
      'f6 127.0.0.1:7005@17005 handshake - 0 0 0 connected',
      'g7 [::1]:7006@17006 slave a1 0 0 1 connected',
      '',
    ].join('\n');
    expect(liveNodes(reply)).toEqual([
      { host: '127.0.0.1', port: 7000 },
      { host: '127.0.0.1', port: 7001 },
      { host: '10.0.0.7', port: 7002 },
      { host: '::1', port: 7006 },
    ]);
  });
});
