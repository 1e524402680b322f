import { describe, expect, it } from 'vitest';
import { suppressSmallCounts } from './self-id-repository';

describe('suppressSmallCounts', () => {
  it('hides every count below five, zero included', () => {
    expect(suppressSmallCounts([12, 4, 0, 7, 3])).toEqual([12, null, null, 7, null]);
  });

  it('hides the smallest shown count too when only one is hidden, so no total gives it away', () => {
    expect(suppressSmallCounts([20, 9, 3])).toEqual([20, null, null]);
    expect(suppressSmallCounts([6, 30, 2, 8])).toEqual([null, 30, null, 8]);
  });

  it('shows counts of five and more when none is hidden', () => {
    expect(suppressSmallCounts([5, 6, 40])).toEqual([5, 6, 40]);
  });

  it('hides a lone count below five (nothing to take it from)', () => {
    expect(suppressSmallCounts([3])).toEqual([null]);
    expect(suppressSmallCounts([2, 1])).toEqual([null, null]);
  });
});
