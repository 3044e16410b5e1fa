import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { clientAddressKey, resolveClientAddress, UNKNOWN_ADDRESS } from '../../../server/http/client-address.ts';

describe('clientAddressKey', () => {
  it('keeps IPv4 as is, without a port, also when written as IPv4-mapped IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey(' 203.0.113.7:51000 ')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, whatever the spelling', () => {
    const key = '2001:db8:0:1::/64';
    for (const spelling of ['2001:db8:0:1::1', '2001:0DB8:0000:0001:ffff:ffff:ffff:ffff', '[2001:db8:0:1::5]:443', '2001:db8:0:1:1:2:3:4', '2001:db8:0:1::1%eth0']) {
      expect(clientAddressKey(spelling), spelling).toBe(key);
    }
    expect(clientAddressKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps text that is not an address apart, and bounded', () => {
    expect(clientAddressKey('not-an-address')).toBe('invalid:not-an-address');
    expect(clientAddressKey('x'.repeat(500))).toHaveLength('invalid:'.length + 100);
  });
});

describe('resolveClientAddress', () => {
  it('uses the connection and ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(resolveClientAddress('198.51.100.1', '203.0.113.7', 0)).toBe('198.51.100.1');
    expect(resolveClientAddress(undefined, '203.0.113.7', 0)).toBe(UNKNOWN_ADDRESS);
  });

  it('takes the address the outermost trusted proxy saw, never what the client wrote before it', () => {
    // client wrote "1.1.1.1"; proxy A (outer) appended the client's real address; proxy B appended A's.
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(resolveClientAddress('10.0.0.2', '1.1.1.1, 203.0.113.7, 10.0.0.1', 2)).toBe('203.0.113.7');
    expect(resolveClientAddress(undefined, '203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('falls back to the connection, or the furthest hop, when the header is short or missing', () => {
    expect(resolveClientAddress('198.51.100.1', undefined, 1)).toBe('198.51.100.1');
    expect(resolveClientAddress('10.0.0.2', '203.0.113.7', 3)).toBe('203.0.113.7');
  });
});

describe('TRUST_PROXY', () => {
  it('defaults to no trusted proxy and takes a small decimal count only', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    for (const bad of ['yes', '-1', '0x1', '10', '1.5']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
  });
});
