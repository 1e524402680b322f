import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates the server's markup (so both render the
 * same), true afterwards and on every render the browser makes itself.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
