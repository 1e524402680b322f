import {
  SIGN_IN_AGAIN_TO_CHANGE_MESSAGE,
  SIGN_IN_RETURN_PARAM,
  consolePagePaths,
  consolePaths,
} from '@lumenfield/contract';
import { ApiError, apiRequest, type RequestOptions } from '@/lib/api-client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where the browser goes to sign in, coming back to `returnTo` (a console path) after it. */
export function signInHref(returnTo: string): string {
  return `${consolePagePaths.signIn}?${SIGN_IN_RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
}

/** Only a path inside the console is a place to come back to (the contract's rule). */
export { safeReturnPath } from '@lumenfield/contract';

/**
 * Why the person is asked to sign in again: their session has `ended` (a 401 from any call but
 * the sign-in itself), or they are changing how they sign in and must `confirm` it is them (a
 * 403 saying so: docs/security.md, "Signing in again to change a factor").
 */
export type SignInAgainReason = 'ended' | 'confirm';

/**
 * Asked when a call needs the person to sign in again: it answers whether they did (the console
 * asks in place, in a dialog, so a form being filled stays as typed); the call is then sent once
 * more. Until the console sets its handler (and in tests), the browser goes to the sign-in page.
 */
type SignedOutHandler = (reason: SignInAgainReason) => Promise<boolean>;
let onSignedOut: SignedOutHandler = () => {
  const { pathname, search } = window.location;
  window.location.assign(signInHref(pathname + search));
  return Promise.resolve(false);
};
export function setSignedOutHandler(handler: SignedOutHandler) {
  onSignedOut = handler;
}

/** One question at a time: calls that need it together wait for one answer. */
let signingInAgain: Promise<boolean> | undefined;
function signInAgain(reason: SignInAgainReason): Promise<boolean> {
  signingInAgain ??= onSignedOut(reason).finally(() => {
    signingInAgain = undefined;
  });
  return signingInAgain;
}

/** Why `error` asks the person to sign in again, if it does. */
function signInAgainFor(error: unknown, path: string): SignInAgainReason | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 401 && path !== consolePaths.session) return 'ended';
  if (error.status === 403 && error.message === SIGN_IN_AGAIN_TO_CHANGE_MESSAGE) return 'confirm';
  return undefined;
}

export async function call<T>(
  method: Method,
  path: string,
  options?: RequestOptions<T>,
): Promise<T> {
  try {
    return await apiRequest(method, path, options);
  } catch (error) {
    const reason = signInAgainFor(error, path);
    if (reason && (await signInAgain(reason))) return apiRequest(method, path, options);
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
