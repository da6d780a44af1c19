import { describe, expect, it } from 'vitest';
import { clientKeyOf } from '../../../core/modules/accounts/client-address';

describe('clientKeyOf', () => {
  it('counts an IPv4 address as itself', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = clientKeyOf('2001:db8:1:2::1');
    for (const ip of ['2001:db8:1:2::ffff', '2001:0DB8:0001:0002:ab:cd:ef:1', '2001:db8:1:2:0:0:0:0', '2001:db8:1:2::1%eth0', '2001:db8:1:2::192.0.2.1']) {
      expect(clientKeyOf(ip)).toBe(key);
    }
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKeyOf('::1')).not.toBe(key);
  });

  it('counts an IPv4 address in IPv6 form as the IPv4 address, not as the /64 every IPv4 client shares', () => {
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:198.51.100.1')).not.toBe(clientKeyOf('::ffff:203.0.113.7'));
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(clientKeyOf('unknown')).toBe('unknown');
  });
});
