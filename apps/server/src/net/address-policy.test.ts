import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255', // just below carrier-grade NAT
    '100.128.0.1', // just above it
    '11.0.0.1',
    '223.255.255.254',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '::ffff:808:808', // the same, in hex
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    // IPv4 specials
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    // IPv4 written oddly still means the same address
    ['127.1', 'loopback, short form'],
    ['2130706433', 'loopback, as one number'],
    ['0x7f.0.0.1', 'loopback, hex octet'],
    // IPv6 specials
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback, long form'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['ff05::2', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['2002:7f00:1::1', '6to4 (carries 127.0.0.1)'],
    ['64:ff9b::7f00:1', 'NAT64 (carries 127.0.0.1)'],
    ['100::1', 'discard'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['3fff::1', 'documentation (RFC 9637)'],
    // IPv4-mapped IPv6 of refused IPv4
    ['::ffff:127.0.0.1', 'mapped loopback'],
    ['::ffff:7f00:1', 'mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'mapped private'],
    ['::ffff:192.168.0.1', 'mapped private'],
    ['::ffff:169.254.169.254', 'mapped link-local'],
    ['::ffff:0.0.0.0', 'mapped unspecified'],
    ['::ffff:100.64.0.1', 'mapped carrier-grade NAT'],
    // not addresses at all
    ['', 'empty'],
    ['localhost', 'a host name'],
    ['example.com', 'a host name'],
    ['256.1.1.1', 'out of range'],
    ['1.2.3.4.5', 'too many parts'],
    ['[::1]', 'bracketed'],
    ['::1::2', 'two gaps'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
});
