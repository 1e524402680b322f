import { useCallback, useEffect, useRef } from 'react';

/** The mega menu (docs/architecture.md) opens on hover intent and closes after a grace period. */
export const HOVER_INTENT = { interval: 100, timeout: 300, effect: 200 } as const;

/**
 * Opens an item once the pointer has rested on it for `interval` ms and closes it `timeout`
 * ms after the pointer leaves, so a pointer passing over the bar or briefly leaving the
 * panel does not flicker it.
 */
export function useHoverIntent(open: (id: string) => void, close: (id: string) => void) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const clear = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const timer of map.values()) clearTimeout(timer);
      map.clear();
    };
  }, []);

  const onPointerEnter = useCallback(
    (id: string) => {
      clear(id);
      timers.current.set(
        id,
        setTimeout(() => open(id), HOVER_INTENT.interval),
      );
    },
    [clear, open],
  );

  const onPointerLeave = useCallback(
    (id: string) => {
      clear(id);
      timers.current.set(
        id,
        setTimeout(() => close(id), HOVER_INTENT.timeout),
      );
    },
    [clear, close],
  );

  return { onPointerEnter, onPointerLeave, cancel: clear };
}
