/** What the property-based bad-input suites generate: hostile text, queries and JSON. */
import fc from 'fast-check';
import { hostileStrings } from '../test/attack-strings';

/** Text a hostile client might send: any unicode (NUL, lone surrogates, RTL marks), numbers. */
export const junkText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    ...hostileStrings,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Egpj.exe',
    '<script>alert(1)</script>',
    '${7*7}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e308',
    '9'.repeat(40),
    '0x10',
    '１２３',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

/** Raw query fragments that are not even well-formed percent-encoding or key/value pairs. */
export const rawFragment = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%E2%80%AE',
  '&&',
  '==',
  'a[b]=c',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  'jobID=1&jobID=2',
  'ActionFlag[]=JobOpenings',
);

export const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

export function queryString(params: Record<string, string | undefined>, raw?: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.append(key, value);
  }
  const encoded = search.toString();
  return [encoded, raw].filter(Boolean).join('&');
}

/** Any JSON a client could send, including deep nesting and big numbers. */
export const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }),
  fc.constantFrom(null, true, 0, -1, 1e308, -1e308, 2 ** 53 + 1, '', [], {}),
);
