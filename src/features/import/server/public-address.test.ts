import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

describe('isPublicAddress', () => {
  it('takes public IPv4 addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses private, loopback, link-local, shared, multicast, reserved and unspecified IPv4', () => {
    for (const address of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.10',
      '192.168.1.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.251',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes public IPv6 addresses', () => {
    for (const address of ['2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4001:82b::200e'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, unspecified, unique-local, link-local, multicast and documentation IPv6', () => {
    for (const address of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'ff05::1:3',
      '2001:db8::1',
      '2001::1',
      '3fff::1',
      '::127.0.0.1',
      '64:ff9b:1::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('judges IPv4 inside IPv6 (mapped, NAT64, 6to4) by the IPv4 address', () => {
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:7f00:1')).toBe(false);
    expect(isPublicAddress('::FFFF:10.0.0.5')).toBe(false);
    expect(isPublicAddress('::ffff:169.254.169.254')).toBe(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('64:ff9b::192.168.0.1')).toBe(false);
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
    expect(isPublicAddress('2002:c0a8:0101::1')).toBe(false);
    expect(isPublicAddress('2002:0808:0808::1')).toBe(true);
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'localhost', 'old.example', '256.1.1.1', '1.2.3', '::g'])
      expect(isPublicAddress(text), text).toBe(false);
  });
});
