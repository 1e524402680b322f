import { useSyncExternalStore } from 'react';

/**
 * The number of API requests in flight, which drives the 'Loading...' overlay (docs/architecture.md): on
 * while any is pending, off when the count reaches 0 or below.
 */
let pending = 0;
let lastRequestAt = Date.now();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const pendingRequests = {
  start() {
    pending += 1;
    lastRequestAt = Date.now();
    emit();
  },
  finish() {
    pending = Math.max(0, pending - 1);
    emit();
  },
  get count() {
    return pending;
  },
  /** When the last API request started (the inactivity timer counts from here). */
  get lastRequestAt() {
    return lastRequestAt;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only. */
  reset() {
    pending = 0;
    emit();
  },
};

export function useIsRequestPending(): boolean {
  return useSyncExternalStore(
    pendingRequests.subscribe,
    () => pendingRequests.count > 0,
    () => false,
  );
}
