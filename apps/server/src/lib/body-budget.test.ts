import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BodyBudget, type BodyReservation } from './body-budget';

describe('BodyBudget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('grants up to its capacity at once, then makes the next wait for a release', async () => {
    const budget = new BodyBudget(100);
    const first = await budget.acquire(60, 1_000);
    const second = await budget.acquire(40, 1_000);
    expect(first.release).toBeDefined();
    expect(second.release).toBeDefined();
    expect(budget.inUse).toBe(100);

    const third = budget.acquire(10, 1_000);
    let granted: BodyReservation | undefined;
    void third.then((reservation) => (granted = reservation));
    await vi.advanceTimersByTimeAsync(10);
    expect(granted).toBeUndefined();
    first.release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(granted?.release).toBeDefined();
    expect(budget.inUse).toBe(50);
    // Releasing twice gives back once.
    first.release!();
    expect(budget.inUse).toBe(50);
  });

  it('gives up after the wait, and the waiter behind it still gets its turn in order', async () => {
    const budget = new BodyBudget(100);
    const held = await budget.acquire(100, 1_000);
    const late = budget.acquire(50, 500);
    const patient = budget.acquire(50, 5_000);
    await vi.advanceTimersByTimeAsync(600);
    expect(await late).toEqual({ refused: 'node' });
    held.release!();
    expect((await patient).release).toBeDefined();
    expect(budget.inUse).toBe(50);
  });

  it('a body larger than the whole budget waits for an empty node rather than never running', async () => {
    const budget = new BodyBudget(100);
    const { release } = await budget.acquire(500, 1_000);
    expect(release).toBeDefined();
    expect(budget.inUse).toBe(100);
  });

  describe('per client', () => {
    it('refuses a second body of the same client at once, reserving nothing; others go on', async () => {
      const budget = new BodyBudget(100, 1);
      const first = await budget.acquire(30, 1_000, '10.0.0.1');
      expect(first.release).toBeDefined();
      // Answered without waiting: no timer has to run for this refusal.
      expect(await budget.acquire(30, 1_000, '10.0.0.1')).toEqual({ refused: 'client' });
      expect(budget.inUse).toBe(30);
      expect(budget.bodiesOf('10.0.0.1')).toBe(1);
      expect((await budget.acquire(30, 1_000, '10.0.0.2')).release).toBeDefined();
      expect(budget.inUse).toBe(60);
    });

    it("gives the client's share back with its body, once", async () => {
      const budget = new BodyBudget(100, 1);
      const first = await budget.acquire(30, 1_000, '10.0.0.1');
      first.release!();
      first.release!();
      expect(budget.bodiesOf('10.0.0.1')).toBe(0);
      expect((await budget.acquire(30, 1_000, '10.0.0.1')).release).toBeDefined();
      expect(budget.bodiesOf('10.0.0.1')).toBe(1);
    });

    it('counts a body that waits for room, and gives it back when the wait ends without it', async () => {
      const budget = new BodyBudget(100, 1);
      const held = await budget.acquire(100, 1_000, '10.0.0.1');
      const waiting = budget.acquire(50, 500, '10.0.0.2');
      // Waiting is holding a place: the same client's next body is refused, not queued.
      expect(await budget.acquire(10, 500, '10.0.0.2')).toEqual({ refused: 'client' });
      await vi.advanceTimersByTimeAsync(600);
      expect(await waiting).toEqual({ refused: 'node' });
      expect(budget.bodiesOf('10.0.0.2')).toBe(0);
      held.release!();
      expect((await budget.acquire(50, 500, '10.0.0.2')).release).toBeDefined();
    });

    it('holds a configured number of bodies per client', async () => {
      const budget = new BodyBudget(100, 3);
      const held = await Promise.all([1, 2, 3].map(() => budget.acquire(10, 1_000, 'a')));
      expect(held.every((reservation) => reservation.release)).toBe(true);
      expect(await budget.acquire(10, 1_000, 'a')).toEqual({ refused: 'client' });
      held[0]!.release!();
      expect((await budget.acquire(10, 1_000, 'a')).release).toBeDefined();
    });

    it('one client holding its share leaves the rest of the budget to the others', async () => {
      // Four of the largest bodies fit; one client tries all four places.
      const budget = new BodyBudget(88, 1);
      const attempts = await Promise.all(
        [1, 2, 3, 4].map(() => budget.acquire(22, 1_000, 'stalling')),
      );
      expect(attempts.filter((reservation) => reservation.release)).toHaveLength(1);
      const others = await Promise.all(
        ['b', 'c', 'd'].map((client) => budget.acquire(22, 1_000, client)),
      );
      expect(others.every((reservation) => reservation.release)).toBe(true);
    });

    it('a body without a client (no address) is bounded by the node only', async () => {
      const budget = new BodyBudget(100, 1);
      const both = await Promise.all([budget.acquire(10, 1_000), budget.acquire(10, 1_000)]);
      expect(both.every((reservation) => reservation.release)).toBe(true);
    });
  });
});
