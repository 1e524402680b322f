import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import Bowser from 'bowser';
import { Reader, type Response } from 'maxmind';
import { countryName } from '../../db/reference-data';

/**
 * What a person's list of sessions says about each (CONTRACT §20, docs/security.md
 * "Sessions"): the device in words, the place by the address it signed in from, and the
 * address itself shortened. Enough to tell a lost laptop from this one; nothing more is kept.
 */
export interface SessionDevice {
  /** "Chrome 156 on Linux"; "Unknown device" when the browser said nothing readable. */
  device: string;
  /** The country the address is registered in, "Local network", or "Unknown place". */
  place: string;
  /** The address with its last part hidden (`203.0.113.x`, `2001:db8:1::/48`). */
  address: string;
}

const require = createRequire(import.meta.url);

/**
 * The address-to-country table: the regional internet registries' public allocations, in the
 * public domain (CC0), from a maintained package updated with them. Read at each sign-in
 * rather than held: sign-ins are few, and the 8 MB table would otherwise sit in every node's
 * memory beside the uploads' budget.
 */
function countryOfAddress(ip: string): string | undefined {
  try {
    const file =
      require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
    // This table's records are `{ country_code }`, not MaxMind's own shape.
    const reader = new Reader<Response>(fs.readFileSync(file));
    const found = reader.get(ip) as { country_code?: string } | null;
    return found?.country_code;
  } catch {
    return undefined;
  }
}

const PRIVATE_V4 = [/^10\./, /^127\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./];

function isLocal(ip: string): boolean {
  if (net.isIPv4(ip)) return PRIVATE_V4.some((range) => range.test(ip));
  const lower = ip.toLowerCase();
  return (
    lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80')
  );
}

/** The address without its host part: the network it came from, not the machine. */
export function shortenedAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return shortenedAddress(mapped);
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  if (net.isIPv6(ip)) {
    const groups = ip.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::/48`;
  }
  return 'unknown';
}

/** Where a session was opened from, in words a person recognises. */
export function describeSession(userAgent: string | undefined, ip: string): SessionDevice {
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  let device = 'Unknown device';
  if (userAgent) {
    const parsed = Bowser.parse(userAgent);
    const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
      .filter(Boolean)
      .join(' ');
    const system = parsed.os.name;
    if (browser && system) device = `${browser} on ${system}`;
    else if (browser || system) device = browser || system!;
  }
  let place = 'Unknown place';
  if (isLocal(plain)) place = 'Local network';
  else {
    const code = countryOfAddress(plain);
    const name = code ? countryName(code) : undefined;
    if (name) place = name;
  }
  return { device: device.slice(0, 120), place, address: shortenedAddress(plain) };
}
