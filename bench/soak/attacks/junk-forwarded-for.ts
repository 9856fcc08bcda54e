/**
 * Attack (e), junk X-Forwarded-For: data requests whose X-Forwarded-For is garbage,
 * spoofed (loopback, private and public addresses), huge, or malformed. The service runs
 * without TRUST_PROXY, so the header must be ignored: each address gets its 20 requests
 * and the 21st to 25th are refused whatever the header says (a 200 there would be a quota
 * bypass), and no value may cause a 5xx. One request in ten carries a header too large
 * for Node (20 KB), which must be refused with 431 and a contract body.
 */
import { AddressSequence, BLOCKS } from '../addresses.ts';
import { checkHttpError, checkQuotaHeaders, isForbidden5xx } from '../contract.ts';
import { send, type Target } from '../http-client.ts';
import { sleep } from '../lifecycle.ts';
import type { Random, StatusTable, Violations } from '../stats.ts';

export interface ForwardedForStats {
  sent: number;
  /** Requests 21 to 25 of an address that were admitted anyway (the header was honoured). */
  quotaBypasses: number;
  oversizedRefused: number;
}

export const JUNK_VALUES: readonly string[] = [
  'garbage',
  '',
  ' ',
  ',,,,',
  'unknown',
  '999.999.999.999',
  '1.2.3',
  '127.0.0.1',
  '::1',
  '::ffff:127.0.0.1',
  '[::1]:8080',
  '10.0.0.1, 127.0.0.1',
  '203.0.113.7',
  'for=192.0.2.60;proto=http;by=203.0.113.43',
  '2001:db8::1',
  'fe80::1%eth0',
  '0x7f.1',
  '%31%32%37.0.0.1',
  '\t127.0.0.1\t',
  '\u00e9\u00e8\u00ff',
  '1.1.1.1, '.repeat(800),
  'A'.repeat(4000),
];

/** Counted requests per address: the quota and five more. */
const PER_ADDRESS = 25;
const OVERSIZED = 'x'.repeat(20 * 1024);

export async function junkForwardedFor(
  target: Target,
  intervalMs: number,
  durationMs: number,
  signal: AbortSignal,
  random: Random,
  statuses: StatusTable,
  violations: Violations,
): Promise<ForwardedForStats> {
  const stats: ForwardedForStats = { sent: 0, quotaBypasses: 0, oversizedRefused: 0 };
  const addresses = new AddressSequence(BLOCKS.junkForwardedFor);
  const started = Date.now();
  const maxRequests = Math.ceil(durationMs / intervalMs) + 1;
  let address = addresses.take();
  let counted = 0;
  let verifiable = true;

  for (let n = 0; n < maxRequests && !signal.aborted && Date.now() - started < durationMs; n++) {
    const oversized = n % 10 === 9;
    if (!oversized && counted === PER_ADDRESS) {
      address = addresses.take();
      counted = 0;
      verifiable = true;
    }
    const value = oversized ? OVERSIZED : random.pick(JUNK_VALUES);
    const path = random.chance(0.5)
      ? '/openapi/v1/records/latest'
      : '/openapi/v1/records?pageSize=3';
    if (!oversized) counted++;
    stats.sent++;
    const reply = await send(target, {
      path,
      headers: { 'x-forwarded-for': value },
      localAddress: address,
    });
    if (!reply.ok) {
      statuses.add('attack: junk X-Forwarded-For', reply.error);
      verifiable = false; // did it count? unknown
    } else {
      statuses.add('attack: junk X-Forwarded-For', reply.status);
      const label = `X-Forwarded-For ${JSON.stringify(value.slice(0, 40))}`;
      if (isForbidden5xx(reply)) violations.add('5xx', `${label}: HTTP ${reply.status}`);
      if (reply.status >= 400) {
        const problem = checkHttpError(reply);
        if (problem !== undefined) violations.add('error body', `${label}: ${problem}`);
      }
      if (oversized) {
        if (reply.status === 431) stats.oversizedRefused++;
        else
          violations.add(
            'junk X-Forwarded-For',
            `20 KB header answered ${reply.status}, expected 431`,
          );
      } else if (verifiable && reply.status !== 503) {
        if (counted > 20 && reply.status !== 429) stats.quotaBypasses++;
        const quota = checkQuotaHeaders(reply.headers, counted, reply.status === 429);
        if (quota !== undefined) violations.add('quota', `${label}: ${quota}`);
      }
    }
    await sleep(intervalMs, signal);
  }
  return stats;
}
