import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../core/infra/config';

describe('TRUST_PROXY', () => {
  const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no forwarding header unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const value of ['false', 'no', '0']) expect(trustOf(value)).toBe(false);
  });

  it('keeps true (every entry) working', () => {
    for (const value of ['true', 'yes', 'TRUE']) expect(trustOf(value)).toBe(true);
  });

  it('takes a hop count', () => {
    expect(trustOf('1')).toBe(1);
    expect(trustOf(' 2 ')).toBe(2);
  });

  it('takes proxy addresses and CIDR ranges, comma-separated', () => {
    expect(trustOf('10.0.0.5, 172.16.0.0/12,fd00::/8')).toEqual(['10.0.0.5', '172.16.0.0/12', 'fd00::/8']);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['maybe', '-1', '10.0.0.5/33', '10.0.0.300', 'nginx', '10.0.0.5,']) {
      expect(() => trustOf(value), value).toThrow(ConfigError);
      expect(() => trustOf(value), value).toThrow(/TRUST_PROXY: must be false, true, a hop count/);
    }
  });
});
