import ipaddr from 'ipaddr.js';

/**
 * The quota key of a client address (decisions.md §5). The address itself comes from
 * Fastify's `request.ip`, which honours X-Forwarded-For only from TRUST_PROXY peers.
 * - IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as its IPv4 address.
 * - IPv6 is keyed by its /64 prefix: one subscriber usually gets a whole /64, so rotating
 *   addresses inside it must not multiply the quota.
 */
export function clientKey(address: string): string {
  const bare = address.split('%', 1)[0]!; // drop an IPv6 zone id such as %eth0
  if (!ipaddr.isValid(bare)) return `raw:${bare}`;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
