import crypto from 'node:crypto';
import type { GoogleServiceAccount } from '../../config';
import type { SearchNoticeKind } from './search-outbox-repository';

/**
 * What an engine answered a notification: taken; refused for good (a 4xx other than 429:
 * trying again would not change it); or not now (the network, 429, a 5xx), with the wait the
 * engine asked for (Retry-After) when it named one.
 */
export type EngineFailure =
  | { outcome: 'refused'; error: string }
  | { outcome: 'retry'; error: string; retryAfterMs?: number };
export type EngineAnswer = { outcome: 'sent' } | EngineFailure;

/** A request may take this long; then it counts as a network failure and is tried again. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; undefined if neither. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** An HTTP answer as an EngineAnswer: 2xx taken, 429 and 5xx later, other 4xx refused. */
async function answerOf(response: Response): Promise<EngineAnswer> {
  // The body is read (and dropped) so the connection can be reused.
  const body = (await response.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 120);
  if (response.ok) return { outcome: 'sent' };
  const error = `HTTP ${response.status}${body ? `: ${body}` : ''}`;
  if (response.status === 429 || response.status >= 500) {
    const wait = retryAfterMs(response.headers.get('retry-after'), Date.now());
    return { outcome: 'retry', error, ...(wait !== undefined && { retryAfterMs: wait }) };
  }
  return { outcome: 'refused', error };
}

/** A failure before any answer (refused connection, DNS, timeout): always worth another try. */
function networkFailure(error: unknown): EngineFailure {
  const { name, code, cause } = error as {
    name?: string;
    code?: string;
    cause?: { code?: string };
  };
  return { outcome: 'retry', error: `network: ${cause?.code ?? code ?? name ?? 'error'}` };
}

/** A request's signal: its timeout, and the node's shutdown (`stopping`) when given. */
const requestSignal = (stopping: AbortSignal | undefined) =>
  stopping
    ? AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), stopping])
    : AbortSignal.timeout(REQUEST_TIMEOUT_MS);

async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  stopping: AbortSignal | undefined,
): Promise<EngineAnswer> {
  try {
    const response = await fetch(url, { method: 'POST', ...init, signal: requestSignal(stopping) });
    return await answerOf(response);
  } catch (error) {
    return networkFailure(error);
  }
}

/** IndexNow (docs/search.md): one POST names many URLs of one host. */
export interface IndexNowSettings {
  key: string;
  /** The endpoint's URL (https://api.indexnow.org/indexnow by default). */
  endpoint: string;
}

/** How many URLs IndexNow takes in one request. */
export const INDEXNOW_BATCH = 10_000;

/** `stopping` aborts a request in flight when the node shuts down (the notice stays queued). */
export function indexNowClient(settings: IndexNowSettings, origin: string, stopping?: AbortSignal) {
  const { host } = new URL(origin);
  return {
    /** The key file's URL: the site serves the key at /<key>.txt (routes/seo.ts). */
    keyLocation: `${origin}/${settings.key}.txt`,
    async submit(urls: readonly string[]): Promise<EngineAnswer> {
      return post(
        settings.endpoint,
        {
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({
            host,
            key: settings.key,
            keyLocation: `${origin}/${settings.key}.txt`,
            urlList: urls,
          }),
        },
        stopping,
      );
    },
  };
}

export interface GoogleIndexingSettings {
  account: GoogleServiceAccount;
  /** The Indexing API's base URL (https://indexing.googleapis.com by default). */
  endpoint: string;
}

export const GOOGLE_INDEXING_SCOPE = 'https://www.googleapis.com/auth/indexing';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The signed assertion of OAuth 2.0's JWT bearer grant (RFC 7523): RS256, an hour at most. */
export function serviceAccountAssertion(account: GoogleServiceAccount, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.clientEmail,
      scope: GOOGLE_INDEXING_SCOPE,
      aud: account.tokenUri,
      iat,
      exp: iat + 3600,
    }),
  );
  const signature = crypto.sign(
    'RSA-SHA256',
    Buffer.from(`${header}.${claims}`),
    account.privateKey,
  );
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Google's Indexing API: one notification per request, with an access token kept until it ends. */
export function googleIndexingClient(
  settings: GoogleIndexingSettings,
  clock: () => Date,
  stopping?: AbortSignal,
) {
  let token: { value: string; until: number } | undefined;

  /** A token, from the cache while it has more than a minute left. */
  async function accessToken(): Promise<{ token: string } | { answer: EngineFailure }> {
    const now = clock();
    if (token && token.until - 60_000 > now.getTime()) return { token: token.value };
    try {
      const response = await fetch(settings.account.tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: serviceAccountAssertion(settings.account, now),
        }).toString(),
        signal: requestSignal(stopping),
      });
      if (!response.ok) {
        const answer = (await answerOf(response)) as EngineFailure;
        // Credentials refused are the operator's to fix, not the notice's fault: it waits.
        return { answer: { ...answer, outcome: 'retry', error: `token: ${answer.error}` } };
      }
      const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
      if (typeof body.access_token !== 'string') {
        return { answer: { outcome: 'retry', error: 'token: no access_token in the answer' } };
      }
      const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      token = { value: body.access_token, until: now.getTime() + seconds * 1000 };
      return { token: token.value };
    } catch (error) {
      const failure = networkFailure(error);
      return { answer: { ...failure, error: `token: ${failure.error}` } };
    }
  }

  return {
    async publish(url: string, kind: SearchNoticeKind): Promise<EngineAnswer> {
      const got = await accessToken();
      if ('answer' in got) return got.answer;
      const answer = await post(
        `${settings.endpoint.replace(/\/+$/, '')}/v3/urlNotifications:publish`,
        {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            authorization: `Bearer ${got.token}`,
          },
          body: JSON.stringify({ url, type: kind === 'deleted' ? 'URL_DELETED' : 'URL_UPDATED' }),
        },
        stopping,
      );
      // A token the API no longer takes is dropped; the notice is tried again with a new one.
      if (answer.outcome === 'refused' && answer.error.startsWith('HTTP 401')) {
        token = undefined;
        return { outcome: 'retry', error: answer.error };
      }
      return answer;
    },
  };
}

export type IndexNowClient = ReturnType<typeof indexNowClient>;
export type GoogleIndexingClient = ReturnType<typeof googleIndexingClient>;
