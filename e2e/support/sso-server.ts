import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Provider from 'oidc-provider';
import { addConsoleAdmin, type ServerInputs } from './console-servers';
import type { ServerOptions } from './global-setup';

/** Who signs in at the browser tests' provider: its login name and what it says of them. */
export const SSO_PEOPLE = {
  // The console's first admin, made with the command line on the SSO server too.
  ada: { email: 'ada.admin@example.com', email_verified: true, name: 'Ada Admin' },
} as const;
export const SSO_BUTTON = 'Sign in with Okta';

/**
 * A real OpenID provider (panva's oidc-provider, with its own login and consent pages) on a
 * free loopback port, and a console server whose single sign-on points at it:
 * E2E_SSO_BASE_URL, E2E_SSO_ISSUER (e2e/tests/console-sso.spec.ts).
 */
export async function startSsoServer({
  serverOut,
  webOut,
  work,
  port,
  startServer,
  serverEnv,
}: ServerInputs & {
  /** The console server's port, known before it starts: the provider's client names it. */
  port: number;
}) {
  const idp = http.createServer();
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const consoleOrigin = `http://127.0.0.1:${port}`;
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'lumenfield-console',
        client_secret: clientSecret,
        redirect_uris: [`${consoleOrigin}/api/recruiters/sso/callback`],
        post_logout_redirect_uris: [`${consoleOrigin}/recruiters/sign-in`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig' } as never] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The provider's own pages: "Sign-in" (any login named in SSO_PEOPLE), then "Continue".
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount(_ctx, sub) {
      const person = SSO_PEOPLE[sub as keyof typeof SSO_PEOPLE];
      return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
    },
  });
  idp.on('request', provider.callback());

  const options: ServerOptions = {
    serverOut,
    webOut,
    dataDir: path.join(work, 'data-sso'),
    seedDemoData: false,
    port,
    env: {
      PUBLIC_URL: consoleOrigin,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'lumenfield-console',
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_BUTTON: SSO_BUTTON,
    },
  };
  addConsoleAdmin(serverOut, serverEnv(options, 0));
  const server = await startServer(options);
  return {
    env: { E2E_SSO_BASE_URL: server.baseUrl, E2E_SSO_ISSUER: issuer },
    stop: async () => {
      await server.stop();
      idp.closeAllConnections();
      await new Promise((resolve) => idp.close(resolve));
    },
  };
}
