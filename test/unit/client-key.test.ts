import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  clientAddress,
  clientKey,
  parseClientAddress,
  UNPARSEABLE_ADDRESS_KEY,
} from '../../src/service/quota/client-key.ts';

/** decisions.md §5: the quota key of a client address. */

describe('clientKey', () => {
  const ipv4: [string, string][] = [
    ['127.0.0.1', '127.0.0.1'],
    ['10.1.2.3', '10.1.2.3'],
    ['255.255.255.255', '255.255.255.255'],
    ['::ffff:127.0.0.2', '127.0.0.2'],
    ['::ffff:7f00:2', '127.0.0.2'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    ['0:0:0:0:0:ffff:10.1.2.3', '10.1.2.3'],
  ];
  for (const [address, key] of ipv4) {
    test(`${address} is keyed as the IPv4 address ${key}`, () => {
      assert.equal(clientKey(address), key);
    });
  }

  test('two IPv4 addresses get two keys, also when IPv4-mapped', () => {
    assert.notEqual(clientKey('10.0.0.1'), clientKey('10.0.0.2'));
    assert.notEqual(clientKey('::ffff:10.0.0.1'), clientKey('::ffff:10.0.0.2'));
    assert.notEqual(clientKey('::ffff:10.0.0.1'), clientKey('10.0.0.2'));
  });

  const sameKey: [string, string, string][] = [
    ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', 'two addresses in one /64'],
    ['2001:db8:1:2::1', '2001:db8:1:2:1234:5678:9abc:def0', 'a rotated interface id'],
    [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      'the compressed and expanded forms',
    ],
    ['2001:DB8:1:2::A', '2001:db8:1:2::a', 'upper- and lower-case hex'],
    ['fe80::1%eth0', 'fe80::2%eth1', 'link-local addresses with zone ids in one /64'],
    ['fe80::1%eth0', 'fe80::1', 'an address with and without a zone id'],
    ['::1', '0:0:0:0:0:0:0:1', 'the compressed and expanded loopback'],
    ['2001:db8::', '2001:db8:0:0:ffff::', 'a /64 ending in zeros'],
  ];
  for (const [a, b, why] of sameKey) {
    test(`${a} and ${b} share one key (${why})`, () => {
      assert.equal(clientKey(a), clientKey(b));
    });
  }

  const differentKey: [string, string, string][] = [
    ['2001:db8:1:2::1', '2001:db8:1:3::1', 'neighbouring /64s'],
    ['2001:db8:1:2::1', '2001:db9:1:2::1', 'different prefixes'],
    ['2001:db8:0:1::1', '2001:db8:1::1', 'zeros in different groups'],
    ['::1', '127.0.0.1', 'IPv6 and IPv4 loopback'],
    ['::1', '::ffff:0:1', 'loopback and the IPv4-mapped 0.0.0.1'],
    ['fe80::1%eth0', 'fe81::1%eth0', 'different link-local /64s'],
  ];
  for (const [a, b, why] of differentKey) {
    test(`${a} and ${b} get different keys (${why})`, () => {
      assert.notEqual(clientKey(a), clientKey(b));
    });
  }

  test('every address of one /64 maps to a key that names that prefix only', () => {
    const key = clientKey('2001:db8:aaaa:bbbb:1:2:3:4');
    assert.ok(key.includes('2001:db8:aaaa:bbbb'), key);
    assert.ok(!key.includes(':1:2:3:4'), key);
  });

  test('an IPv6 key never equals an IPv4 key', () => {
    const v6 = clientKey('::a00:1'); // ::10.0.0.1 (IPv4-compatible, deprecated), still IPv6
    assert.notEqual(v6, clientKey('10.0.0.1'));
  });
});

/**
 * Finding 7: with TRUST_PROXY, `request.ip` is whatever X-Forwarded-For text the proxy
 * passed on. Only a real IP address may become a key, so that source ports and junk
 * cannot multiply quotas or grow the quota store.
 */
describe('clientKey of X-Forwarded-For text', () => {
  const sameAs: [string, string][] = [
    ['1.2.3.4:5555', '1.2.3.4'],
    ['1.2.3.4:1', '1.2.3.4'],
    ['1.2.3.4:0', '1.2.3.4'],
    ['1.2.3.4:65535', '1.2.3.4'],
    ['[2001:db8:1:2::1]:443', '2001:db8:1:2::1'],
    ['[2001:db8:1:2::1]', '2001:db8:1:2::1'],
    ['[::ffff:1.2.3.4]:80', '1.2.3.4'],
    ['[::ffff:1.2.3.4]', '1.2.3.4'],
    ['[fe80::1%eth0]:8080', 'fe80::1'],
    ['fe80::1%25', 'fe80::1'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
  ];
  for (const [text, address] of sameAs) {
    test(`${text} is keyed as ${address}`, () => {
      assert.equal(clientKey(text), clientKey(address));
      assert.notEqual(clientKey(text), UNPARSEABLE_ADDRESS_KEY);
    });
  }

  const unparseable = [
    '',
    'unknown',
    'junk',
    '1.2.3.4:65536', // no such port
    '1.2.3.4:123456',
    '1.2.3.4:',
    '1.2.3.4:port',
    ':5555',
    '1.2.3', // no short or numeric IPv4 forms: they would give one client many spellings
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '01.2.3.4',
    '256.1.1.1',
    '1.2.3.4%eth0', // zone ids belong to IPv6
    '[1.2.3.4]', // brackets hold IPv6 only
    '[1.2.3.4]:80',
    '[2001:db8::1', // unbalanced
    '2001:db8::1]:443',
    '[2001:db8::1]:',
    '[2001:db8::1]:99999',
    '2001:db8::1:443:1:2:3:4:5', // too many groups
    '1::2::3',
    '1.2.3.4, 5.6.7.8', // a whole header is not an address
    ' 1.2.3.4',
    '1.2.3.4 ',
    'for=1.2.3.4', // Forwarded (RFC 7239) syntax is not X-Forwarded-For
    `1.2.3.4:${'9'.repeat(1000)}`,
    'x'.repeat(10_000),
    `fe80::1%${'e'.repeat(100)}`, // a zone id longer than any interface name
  ];
  for (const text of unparseable) {
    test(`${JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)} gets the one shared key`, () => {
      assert.equal(parseClientAddress(text), undefined);
      assert.equal(clientKey(text), UNPARSEABLE_ADDRESS_KEY);
    });
  }

  test('any text at all gives a key of at most 24 characters, without throwing', () => {
    const addressLike = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF.:[]%') }),
      fc.tuple(fc.ipV4(), fc.nat(99_999)).map(([ip, port]) => `${ip}:${port}`),
      fc.ipV6().map((ip) => `[${ip}]:443`),
      fc.ipV6(),
      fc.string({ unit: 'binary', maxLength: 200 }),
    );
    fc.assert(
      fc.property(addressLike, (text) => {
        assert.ok(clientKey(text).length <= 24);
      }),
      { numRuns: 5_000 },
    );
  });

  test('every valid address with any port shares the key of the bare address', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.ipV4(), fc.ipV6()),
        fc.integer({ min: 0, max: 65_535 }),
        (ip, port) => {
          const withPort = ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
          assert.equal(clientKey(withPort), clientKey(ip));
          assert.notEqual(clientKey(ip), UNPARSEABLE_ADDRESS_KEY);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

test('dotted-decimal IPv4 (the path that skips parsing) gives what the full parse gives (property)', () => {
  fc.assert(
    fc.property(fc.ipV4(), (ip) => {
      assert.equal(clientKey(ip), parseClientAddress(ip)?.toString());
      assert.equal(clientAddress(ip, undefined), parseClientAddress(ip)?.toString());
    }),
    { numRuns: 2_000 },
  );
});

describe('clientAddress', () => {
  const cases: [string, string | undefined, string, string][] = [
    ['1.2.3.4', '127.0.0.1', '1.2.3.4', 'a forwarded address is used'],
    ['1.2.3.4:5555', '127.0.0.1', '1.2.3.4', 'without the port a proxy appended'],
    ['[2001:db8::1]:443', '127.0.0.1', '2001:db8::1', 'without brackets and port'],
    ['::ffff:10.0.0.1', '127.0.0.1', '10.0.0.1', 'IPv4-mapped as IPv4'],
    ['junk', '127.0.0.1', '127.0.0.1', 'junk falls back to the peer (the proxy)'],
    ['x'.repeat(5_000), '::ffff:10.9.8.7', '10.9.8.7', 'long junk falls back to the peer'],
    ['127.0.0.2', '127.0.0.1', '127.0.0.2', 'the socket peer when nothing was forwarded'],
    ['junk', undefined, UNPARSEABLE_ADDRESS_KEY, 'junk from a socket already gone'],
  ];
  for (const [forwarded, peer, expected, why] of cases) {
    test(`${why}`, () => {
      assert.equal(clientAddress(forwarded, peer), expected);
    });
  }
});
