import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_TICK_MS, startInactivityTimer } from './inactivity-timer';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the request-inactivity timer', () => {
  it('ticks every 60 s and fires when the idle minutes reach PageReloadTime', () => {
    const onLimit = vi.fn();
    const lastActivity = Date.now();
    const stop = startInactivityTimer({
      limitMinutes: () => 3,
      lastActivityAt: () => lastActivity,
      onLimit,
    });
    vi.advanceTimersByTime(2 * INACTIVITY_TICK_MS);
    expect(onLimit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INACTIVITY_TICK_MS);
    expect(onLimit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * INACTIVITY_TICK_MS);
    expect(onLimit).toHaveBeenCalledTimes(1);
    stop();
  });

  it('starts counting again after each API request', () => {
    const onLimit = vi.fn();
    let lastActivity = Date.now();
    const stop = startInactivityTimer({
      limitMinutes: () => 2,
      lastActivityAt: () => lastActivity,
      onLimit,
    });
    vi.advanceTimersByTime(INACTIVITY_TICK_MS);
    lastActivity = Date.now();
    vi.advanceTimersByTime(INACTIVITY_TICK_MS);
    expect(onLimit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INACTIVITY_TICK_MS);
    expect(onLimit).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing without a stored limit, and stops when asked', () => {
    const onLimit = vi.fn();
    const stop = startInactivityTimer({
      limitMinutes: () => null,
      lastActivityAt: () => 0,
      onLimit,
    });
    vi.advanceTimersByTime(100 * INACTIVITY_TICK_MS);
    expect(onLimit).not.toHaveBeenCalled();
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
