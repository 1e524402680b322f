import { describe, expect, expectTypeOf, it } from 'vitest';
import { composed } from './composed';

const reads = { find: (id: number) => ({ id }), count: () => 2 };
const writes = { move: async (id: number, stage: string) => ({ id, stage }) };

describe('composed', () => {
  it('holds every part’s members, with their types', async () => {
    const whole = composed(reads, writes);
    expect(whole.find(7)).toEqual({ id: 7 });
    expect(whole.count()).toBe(2);
    await expect(whole.move(7, 'Offer')).resolves.toEqual({ id: 7, stage: 'Offer' });
    expectTypeOf(whole).toEqualTypeOf<{
      find: (id: number) => { id: number };
      count: () => number;
      move: (id: number, stage: string) => Promise<{ id: number; stage: string }>;
    }>();
  });

  it('does not compile when two parts share a key, and refuses it at run time', () => {
    const clashing = { count: () => 3 };
    // @ts-expect-error `count` is in two parts: a spread would have kept the later one silently.
    expect(() => composed(reads, writes, clashing)).toThrow(/count/);
  });

  it('does not compile for a clash between parts that are not next to each other', () => {
    // @ts-expect-error `find` is in the first part and the third.
    expect(() => composed(reads, writes, { find: () => null })).toThrow(/find/);
  });

  it('finds a clash the parts’ types do not show', () => {
    const hidden: { other: () => number } = Object.assign({ other: () => 1 }, { count: () => 4 });
    expect(() => composed(reads, hidden)).toThrow(/count/);
  });
});
