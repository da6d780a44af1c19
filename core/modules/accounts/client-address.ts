import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a request's address stands for, as the login budget counts it (and as @fastify/rate-limit counts clients
 * for the request-rate limits). An IPv4 address is one client. An IPv6 address is counted by its /64: that is the
 * smallest network a home line or a rented server is given, and every one of its 2^64 addresses is the same client's
 * to use, so counting them one by one would give each client an endless supply of fresh budgets. An IPv4 address in
 * IPv6 form (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is that IPv4 address.
 */
export function clientKeyOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = hextets(ip.split('%')[0]!);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function hextets(ip: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!isIPv4(g)) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = ip.split('::');
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
