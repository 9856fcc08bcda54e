import { isIP, isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The quota key of a client (decisions.md §5).
 *
 * The address comes from Fastify's `request.ip`: the socket's peer, or, from a TRUST_PROXY
 * peer, the first X-Forwarded-For entry that is not a trusted hop. That entry is whatever
 * text the proxy passed on, so it is parsed here and only a real IP address ever becomes a
 * key: were any text a key, `1.2.3.4:5555` would get a fresh quota per source port, and
 * kilobyte-long junk values would each hold a store entry (2.7 GB at the in-memory store's
 * client cap instead of about 40 MB).
 *
 * - IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as its IPv4 address.
 * - IPv6 is keyed by its /64 prefix: one subscriber usually gets a whole /64, so rotating
 *   addresses inside it must not multiply the quota.
 * - A key is at most 24 characters, whatever the input.
 */

/**
 * The longest text that can hold an address: `[` + 45 characters of IPv6 with an embedded
 * IPv4 + a zone id (an interface name, at most 15 characters on Linux) + `]:65535`.
 */
const MAX_ADDRESS_TEXT = 80;
/** Some load balancers append the client's source port: `1.2.3.4:5555`. */
const IPV4_WITH_PORT = /^([\d.]+):(\d{1,5})$/;
/** RFC 3986 host syntax for IPv6, with an optional port: `[2001:db8::1]:443`. */
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/;
const MAX_PORT = 65_535;

/** Shared by every address that cannot be parsed, so junk can never multiply keys. */
export const UNPARSEABLE_ADDRESS_KEY = 'unparseable';

/**
 * The IP address written in `text` (a bare IPv4 or IPv6 address, IPv6 possibly with a
 * zone id, either with a port in the forms above), or undefined. IPv4 must be dotted
 * decimal (no `127.1`, octal or hex forms), as Node's `isIP` checks.
 */
export function parseClientAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (text.length > MAX_ADDRESS_TEXT) return undefined;
  const withPort = IPV4_WITH_PORT.exec(text) ?? BRACKETED_IPV6.exec(text);
  const host = withPort?.[1] ?? text;
  const port = withPort?.[2];
  if (port !== undefined && Number(port) > MAX_PORT) return undefined;
  // Brackets hold IPv6 only; a zone id (%eth0) is valid on IPv6 only (isIP checks both).
  const valid = text.startsWith('[') ? isIPv6(host) : isIP(host) !== 0;
  if (!valid) return undefined;
  const bare = host.split('%', 1)[0]!; // the zone id names a local interface, not a client
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : undefined;
}

/**
 * The address the quota counts for a request: `forwarded` (Fastify's `request.ip`) when
 * it holds an IP address, else the socket's peer (`peer`, the proxy itself when
 * X-Forwarded-For was honoured): what a trusted proxy passed on that is not an address
 * says nothing about the client, and the proxy is the best-known sender.
 * Returns the address in canonical text (no port, brackets or zone id), or, when neither
 * holds one (a destroyed socket has no peer address), the text `clientKey` maps to the one
 * key shared by every unparseable address.
 */
export function clientAddress(forwarded: string, peer: string | undefined): string {
  // Dotted-decimal IPv4 (Node's isIPv4: no leading zeros, octal or short forms) is its own
  // canonical text: the common case needs no parse.
  if (isIPv4(forwarded)) return forwarded;
  const parsed = parseClientAddress(forwarded) ?? parseClientAddress(peer ?? '');
  return parsed?.toString() ?? UNPARSEABLE_ADDRESS_KEY;
}

/** The quota key of an address (any text; see `parseClientAddress`). */
export function clientKey(address: string): string {
  if (isIPv4(address)) return address; // its own canonical text, as in clientAddress
  const parsed = parseClientAddress(address);
  if (parsed === undefined) return UNPARSEABLE_ADDRESS_KEY;
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
