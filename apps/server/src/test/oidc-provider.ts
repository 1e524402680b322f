import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';

/** What a test's person tells the provider about themselves. */
export interface TestAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
  /** Entra's "the e-mail's domain owner verified it" claim, when the test gives one. */
  xmsEdov?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's accounts by subject; a test adds and changes them. */
  accounts: Map<string, TestAccount>;
  /** Who the next login at the provider is (a subject of `accounts`). */
  signInAs: string;
  /** The env that points the app at this provider. */
  env(extra?: Record<string, string>): Record<string, string>;
  /**
   * A browser at the provider: follows `authorizationUrl` through the provider's login and
   * consent, with a cookie jar of its own, until the provider sends it back to the app's
   * redirect URI; answers that URL.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  /** A GET at the provider with no cookies (its sign-out page): status and body. */
  visit(url: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/**
 * The provider's storage for one test run: a map per kind of artifact (the provider's own
 * in-memory adapter says at every start that it is for development only).
 */
function memoryAdapter() {
  const stored = new Map<string, Map<string, AdapterPayload>>();
  return class MemoryAdapter implements Adapter {
    private readonly items: Map<string, AdapterPayload>;
    constructor(name: string) {
      this.items = stored.get(name) ?? new Map();
      stored.set(name, this.items);
    }
    upsert(id: string, payload: AdapterPayload) {
      this.items.set(id, payload);
      return Promise.resolve();
    }
    find(id: string) {
      return Promise.resolve(this.items.get(id));
    }
    findByUserCode(code: string) {
      return Promise.resolve([...this.items.values()].find((item) => item.userCode === code));
    }
    findByUid(uid: string) {
      return Promise.resolve([...this.items.values()].find((item) => item.uid === uid));
    }
    consume(id: string) {
      const item = this.items.get(id);
      if (item) item.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }
    destroy(id: string) {
      this.items.delete(id);
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string) {
      for (const [id, item] of this.items) if (item.grantId === grantId) this.items.delete(id);
      return Promise.resolve();
    }
  };
}

/** The app's public origin in these tests; never listened on (the app is called by inject). */
export const TEST_PUBLIC_URL = 'http://console.test';
const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/recruiters/sso/callback`;

/**
 * A real OpenID provider (panva's oidc-provider) on a free loopback port, with one confidential
 * client for the app (PKCE required) and accounts whose claims the test sets. Its login and
 * consent are answered at once by the harness for `signInAs`, as a person clicking through.
 */
export async function startTestProvider(): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'lumenfield-console';
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig' };

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [REDIRECT_URI],
        post_logout_redirect_uris: [`${TEST_PUBLIC_URL}/recruiters/sign-in`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified', 'xms_edov'],
      profile: ['name'],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name !== undefined && { name: account.name }),
          ...(account.xmsEdov !== undefined && { xms_edov: account.xmsEdov }),
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const handler = provider.callback();
  const harness: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: '',
    env: (extra = {}) => ({
      PUBLIC_URL: TEST_PUBLIC_URL,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_BUTTON: 'Sign in with Okta',
      ...extra,
    }),
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 12; hop++) {
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) {
          throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
        }
        await res.body?.cancel();
        url = new URL(location, url);
        if (url.href.startsWith(REDIRECT_URI)) return url;
      }
      throw new Error('the provider never sent the browser back');
    },
    async visit(url) {
      const res = await fetch(url, { redirect: 'manual' });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  // The provider's login and consent pages: the person at `signInAs` says yes to everything.
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      handler(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: harness.signInAs } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return harness;
}
