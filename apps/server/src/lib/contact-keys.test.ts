import { describe, expect, it } from 'vitest';
import { emailKey, phoneKey } from './contact-keys';

describe('the keys duplicates are matched by', () => {
  it('reads an e-mail address trimmed, in lower case, without a +tag', () => {
    expect(emailKey('  Ana.Silva@Example.COM ')).toBe('ana.silva@example.com');
    expect(emailKey('ana.silva+jobs@example.com')).toBe('ana.silva@example.com');
    expect(emailKey('ANA.SILVA+Lumenfield@EXAMPLE.com')).toBe('ana.silva@example.com');
    // Dots are the address's own; a different name is a different address.
    expect(emailKey('anasilva@example.com')).toBe('anasilva@example.com');
    expect(emailKey('ana.silvia@example.com')).not.toBe(emailKey('ana.silva@example.com'));
    // Nothing but a tag before the @ keeps it; no address is no key.
    expect(emailKey('+jobs@example.com')).toBe('+jobs@example.com');
    expect(emailKey('   ')).toBeNull();
  });

  it('reads a mobile number in E.164 with the country as the default region', () => {
    expect(phoneKey('(512) 555-0107', 'US')).toBe('+15125550107');
    expect(phoneKey('+1 512 555 0107', 'US')).toBe('+15125550107');
    expect(phoneKey('+1 512 555 0107', 'IN')).toBe('+15125550107');
    expect(phoneKey('5125550107', 'us')).toBe('+15125550107');
    expect(phoneKey('9876543210', 'IN')).toBe('+919876543210');
    // The same ten digits in two countries are two numbers.
    expect(phoneKey('9876543210', 'IN')).not.toBe(phoneKey('9876543210', 'US'));
  });

  it('gives no key to a number that is none', () => {
    expect(phoneKey('123', 'US')).toBeNull();
    expect(phoneKey('0000000000', 'US')).toBeNull();
    expect(phoneKey('not a number', 'US')).toBeNull();
    expect(phoneKey('', 'US')).toBeNull();
    // Without a region, only a number with its country code is read.
    expect(phoneKey('5125550107', null)).toBeNull();
    expect(phoneKey('+15125550107', null)).toBe('+15125550107');
  });
});
