import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the service may send a push (issue 21: the subscription endpoint must not turn the
 * service into a way to reach arbitrary hosts). A push service is a public https host on
 * the default port: an IP literal or a name resolving to a private, loopback, link-local,
 * unique-local, multicast or reserved address is refused, when subscribing (the literal) and
 * again when sending (every address the name resolves to, so a name that later resolves
 * inward is caught). `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS=1, for tests only) lifts
 * both rules and allows http:// too, for a stand-in push service on loopback.
 */

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.?$/i;

/** Whether an address is a public unicast one (ipaddr.js's `unicast` range). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Why an endpoint URL is refused, or null when it may be stored. */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'subscription.endpoint must be a URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'subscription.endpoint must be an https:// URL';
  if (url.username !== '' || url.password !== '')
    return 'subscription.endpoint must not hold credentials';
  if (url.hash !== '') return 'subscription.endpoint must not hold a #fragment';
  if (allowPrivate) return null;
  if (url.port !== '') return 'subscription.endpoint must use the default https port';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host))
    return isPublicAddress(host)
      ? 'subscription.endpoint must name its push service, not an IP address'
      : 'subscription.endpoint must not point to a private, loopback or link-local address';
  if (LOCAL_NAMES.test(host) || !host.includes('.'))
    return 'subscription.endpoint must be a public host name';
  return null;
}

/**
 * A `lookup` for node:http(s) that resolves as usual and refuses every answer holding a
 * non-public address (so no request ever connects inward, whatever DNS says).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) {
      callback(error, '', 0);
      return;
    }
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused !== undefined || list.length === 0) {
      const problem = Object.assign(
        new Error(`${hostname} resolves to a non-public address: not sent`),
        { code: 'EPRIVATEADDRESS' },
      );
      callback(problem, '', 0);
      return;
    }
    if ((options as { all?: boolean }).all === true) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  });
};
