/** The keys of more than one of `Parts` (each part's own keys against those before it). */
export type SharedKeys<Parts extends readonly object[], Before = never> = Parts extends readonly [
  infer First extends object,
  ...infer Rest extends readonly object[],
]
  ? (keyof First & Before) | SharedKeys<Rest, Before | keyof First>
  : never;

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  all: infer All,
) => void
  ? All
  : never;

/** The parts as one object type (their keys are disjoint, so no member's type is narrowed). */
export type Composed<Parts extends readonly object[]> = {
  [K in keyof Intersection<Parts[number]>]: Intersection<Parts[number]>[K];
};

/**
 * One object made of parts whose keys are disjoint. Where a spread would let a later part
 * silently replace an earlier one's member, a shared key is a compile error (the parts' type
 * becomes `never`) and, for a key a part's type does not show, an error at start.
 */
export function composed<const Parts extends readonly object[]>(
  ...parts: [SharedKeys<Parts>] extends [never] ? Parts : never
): Composed<Parts> {
  const whole: Record<PropertyKey, unknown> = {};
  for (const part of parts as readonly object[]) {
    // The keys a spread copies: own and enumerable.
    for (const key of Reflect.ownKeys(part).filter((k) =>
      Object.prototype.propertyIsEnumerable.call(part, k),
    )) {
      if (Object.prototype.hasOwnProperty.call(whole, key)) {
        throw new Error(`composed: more than one part has ${String(key)}`);
      }
    }
    Object.assign(whole, part);
  }
  return whole as Composed<Parts>;
}
