import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';

export type Resource<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiError };

export interface ResourceOptions<T> {
  /** The value the server rendered the page with: the first render shows it, with no request. */
  initial?: T | undefined;
  /** A reload keeps showing what was there (no flash) until the new answer arrives. */
  keepWhileReloading?: boolean;
}

/**
 * The careers islands' loader, kept small for the public pages' size budget (the console's
 * server state goes through TanStack Query instead, features/recruiters/common/api).
 * Loads once per `key` through the API client (which owns headers and errors) and cancels a
 * load that is no longer wanted. The second value asks again (a retry after a failure, or a
 * reload after a change).
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  { initial, keepWhileReloading = false }: ResourceOptions<T> = {},
): [Resource<T>, () => void] {
  const [state, setState] = useState<{ key: string; attempt: number; value: Resource<T> }>({
    key,
    attempt: 0,
    value: initial === undefined ? { status: 'loading' } : { status: 'ready', data: initial },
  });
  const [attempt, setAttempt] = useState(0);
  const [initialKey] = useState(initial === undefined ? undefined : key);

  useEffect(() => {
    if (attempt === 0 && key === initialKey) return;
    const controller = new AbortController();
    if (!keepWhileReloading) setState({ key, attempt, value: { status: 'loading' } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted)
          setState({ key, attempt, value: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const apiError =
          error instanceof ApiError
            ? error
            : new ApiError(0, 'Something went wrong. Please try again.');
        setState({ key, attempt, value: { status: 'error', error: apiError } });
      },
    );
    return () => controller.abort();
    // `load` is read fresh for each key; callers pass an inline function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, initialKey]);

  const again = useCallback(() => setAttempt((n) => n + 1), []);
  const current: Resource<T> =
    state.key === key && (keepWhileReloading || state.attempt === attempt)
      ? state.value
      : { status: 'loading' };
  return [current, again];
}
