import { SIGN_IN_RETURN_PARAM, consolePagePaths, consolePaths } from '@lumenfield/contract';
import { ApiError, apiRequest, type RequestOptions } from '@/lib/api-client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the browser goes to sign in, coming back to `returnTo` (a console path) after it. */
export function signInHref(returnTo: string): string {
  return `${consolePagePaths.signIn}?${SIGN_IN_RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
}

/** Only a path inside the console is a place to come back to (no open redirect). */
export function safeReturnPath(next: string | null): string {
  if (
    next &&
    /^\/recruiters(\/|$|\?)/.test(next) &&
    !next.startsWith('//') &&
    !next.startsWith(consolePagePaths.signIn)
  )
    return next;
  return consolePagePaths.openings;
}

/**
 * Called on a 401 from any call but the sign-in itself: the session has ended. It answers
 * whether the person signed in again (the console asks in place, in a dialog, so a form being
 * filled stays as typed); the call is then sent once more. Until the console sets its handler
 * (and in tests), the browser goes to the sign-in page.
 */
type SignedOutHandler = () => Promise<boolean>;
let onSignedOut: SignedOutHandler = () => {
  const { pathname, search } = window.location;
  window.location.assign(signInHref(pathname + search));
  return Promise.resolve(false);
};
export function setSignedOutHandler(handler: SignedOutHandler) {
  onSignedOut = handler;
}

/** One question at a time: calls that meet the ended session together wait for one answer. */
let signingInAgain: Promise<boolean> | undefined;
function signInAgain(): Promise<boolean> {
  signingInAgain ??= onSignedOut().finally(() => {
    signingInAgain = undefined;
  });
  return signingInAgain;
}

export async function call<T>(
  method: Method,
  path: string,
  options?: RequestOptions<T>,
): Promise<T> {
  try {
    return await apiRequest(method, path, options);
  } catch (error) {
    const sessionEnded =
      error instanceof ApiError && error.status === 401 && path !== consolePaths.session;
    if (sessionEnded && (await signInAgain())) return apiRequest(method, path, options);
    throw error;
  }
}

export const withId = (template: string, id: number | string) =>
  template.replace(/:id|:guid/, encodeURIComponent(String(id)));

/** `path` with the query's values that are set. */
export function pathWithQuery(path: string, query: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}
