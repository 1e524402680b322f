export const INACTIVITY_TICK_MS = 60_000;

export interface InactivityTimerOptions {
  /** The stored PageReloadTime in minutes, read at each tick (null: no limit set). */
  limitMinutes: () => number | null;
  /** When the last API request started. */
  lastActivityAt: () => number;
  now?: () => number;
  onLimit: () => void;
}

/**
 * docs/architecture.md (Inactivity): a timer ticks every 60 seconds counting the minutes since the last API request;
 * when they reach PageReloadTime the page reloads (our choice for "what happens at the limit").
 * Returns a function that stops it.
 */
export function startInactivityTimer({
  limitMinutes,
  lastActivityAt,
  now = Date.now,
  onLimit,
}: InactivityTimerOptions): () => void {
  const id = setInterval(() => {
    const limit = limitMinutes();
    if (limit === null) return;
    const idleMinutes = Math.floor((now() - lastActivityAt()) / INACTIVITY_TICK_MS);
    if (idleMinutes >= limit) {
      clearInterval(id);
      onLimit();
    }
  }, INACTIVITY_TICK_MS);
  return () => clearInterval(id);
}
