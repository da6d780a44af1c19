import { isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * The client a request's address stands for, as the login budget counts it, and as @fastify/rate-limit counts clients
 * for the request-rate limits (with the same library). An IPv4 address is one client. An IPv6 address is counted by
 * its /64: that is the smallest network a home line or a rented server is given, and every one of its 2^64 addresses
 * is the same client's to use, so counting them one by one would give each client an endless supply of fresh budgets.
 * An IPv4 address in IPv6 form (`::ffff:203.0.113.7`, as a dual-stack socket reports it) is that IPv4 address.
 */
export function clientKeyOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return `${new Address6(`${ip}/64`).startAddress().correctForm()}/64`;
}
