import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BodyBudget } from './body-budget';

describe('BodyBudget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('grants up to its capacity at once, then makes the next wait for a release', async () => {
    const budget = new BodyBudget(100);
    const first = await budget.acquire(60, 1_000);
    const second = await budget.acquire(40, 1_000);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(budget.inUse).toBe(100);

    const third = budget.acquire(10, 1_000);
    let granted: (() => void) | undefined;
    void third.then((release) => (granted = release));
    await vi.advanceTimersByTimeAsync(10);
    expect(granted).toBeUndefined();
    first!();
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toBeDefined();
    expect(budget.inUse).toBe(50);
    // Releasing twice gives back once.
    first!();
    expect(budget.inUse).toBe(50);
  });

  it('gives up after the wait, and the waiter behind it still gets its turn in order', async () => {
    const budget = new BodyBudget(100);
    const held = await budget.acquire(100, 1_000);
    const late = budget.acquire(50, 500);
    const patient = budget.acquire(50, 5_000);
    await vi.advanceTimersByTimeAsync(600);
    expect(await late).toBeUndefined();
    held!();
    expect(await patient).toBeDefined();
    expect(budget.inUse).toBe(50);
  });

  it('a body larger than the whole budget waits for an empty node rather than never running', async () => {
    const budget = new BodyBudget(100);
    const release = await budget.acquire(500, 1_000);
    expect(release).toBeDefined();
    expect(budget.inUse).toBe(100);
  });
});
