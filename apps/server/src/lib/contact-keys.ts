import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The e-mail address as duplicates are matched by (docs/recruiters.md, "Duplicates"): trimmed,
 * lower case, and without a `+tag` in the part before the `@` (`ana+jobs@example.com` is
 * `ana@example.com`: the big providers deliver both to one mailbox, and people add a tag per
 * application to sort their mail). Dots stay: only some providers ignore them. Null when there
 * is no address.
 */
export function emailKey(email: string): string | null {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return address === '' ? null : address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  // A local part that is only a tag ("+jobs@…") keeps it: nothing would be left to match.
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}

/**
 * The mobile number in E.164 (`+15125550107`), read with the applicant's country (ISO 3166
 * alpha-2) as the region of a number written without its country code. A number that is not a
 * valid number of any region it could belong to is null: it matches nothing.
 */
export function phoneKey(number: string, country: string | null): string | null {
  const text = number.trim();
  if (text === '') return null;
  const region =
    country && /^[A-Z]{2}$/i.test(country) ? (country.toUpperCase() as CountryCode) : undefined;
  try {
    const parsed = parsePhoneNumberFromString(text, region);
    return parsed?.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}
