import { describe, expect, it } from 'vitest';
import { describeSession, shortenedAddress } from './session-devices';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';

describe('what a session list says about a session', () => {
  it('names the browser and system in words', () => {
    expect(describeSession(CHROME_LINUX, '10.0.0.7').device).toBe('Chrome 156 on Linux');
    expect(describeSession(SAFARI_IPHONE, '10.0.0.7').device).toBe('Safari 18 on iOS');
    expect(describeSession(undefined, '10.0.0.7').device).toBe('Unknown device');
  });

  it('places an address by the registries’ country table, a private one as the local network', () => {
    expect(describeSession(CHROME_LINUX, '8.8.8.8').place).toBe('United States of America');
    expect(describeSession(CHROME_LINUX, '::ffff:81.2.69.142').place).toBe('United Kingdom');
    expect(describeSession(CHROME_LINUX, '192.168.1.20').place).toBe('Local network');
    expect(describeSession(CHROME_LINUX, '::1').place).toBe('Local network');
    expect(describeSession(CHROME_LINUX, '240.0.0.1').place).toBe('Unknown place');
  });

  it('keeps only the network of an address, never the machine', () => {
    expect(shortenedAddress('203.0.113.9')).toBe('203.0.113.x');
    expect(shortenedAddress('::ffff:198.51.100.20')).toBe('198.51.100.x');
    expect(shortenedAddress('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
  });
});
