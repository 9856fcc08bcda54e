import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientKey } from '../../src/quota/client-key.ts';

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
