// The old client's names (docs/api.md), apart from any schema: the application's, an opening's
// terms' and the published API's answers are each renamed by these two functions.

/**
 * The old client's names for an application (docs/api.md): each field's own name capitalised,
 * but for these, which the old client spelt its own way and the published API keeps.
 */
const IRREGULAR_NAMES = {
  applicantId: 'ApplicantID',
  countryId: 'CountyID',
  stateId: 'StateID',
} as const;
type Irregular = typeof IRREGULAR_NAMES;

/** A field's name on the wire: `referredBy` is `ReferredBy`, `countryId` is `CountyID`. */
export type WireName<K extends string> = K extends keyof Irregular ? Irregular[K] : Capitalize<K>;

export function wireName<K extends string>(key: K): WireName<K> {
  const irregular = (IRREGULAR_NAMES as Record<string, string>)[key];
  return (irregular ?? key.charAt(0).toUpperCase() + key.slice(1)) as WireName<K>;
}

type WireShape<S> = { [K in keyof S & string as WireName<K>]: S[K] };

/** An object (a zod shape, a value) with every key renamed to its wire name. */
export function toWireNames<S extends object>(value: S): WireShape<S> {
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [wireName(key), field]),
  ) as WireShape<S>;
}

/**
 * The `keys` of `value`, each under its wire name: an answer's part out of a larger row (an
 * opening's terms out of the opening). A key whose value is undefined stays absent.
 */
export function pickWireNames<T extends object, K extends keyof T & string>(
  value: T,
  keys: readonly K[],
): WireShape<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => value[key] !== undefined).map((key) => [wireName(key), value[key]]),
  ) as WireShape<Pick<T, K>>;
}
