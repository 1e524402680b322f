import type { CDPSession, Page } from '@playwright/test';

/**
 * A virtual authenticator for `page` through the DevTools protocol's WebAuthn domain: a
 * platform authenticator (resident keys, user verification that always succeeds), as a laptop's
 * fingerprint reader would be. Its passkeys live as long as the page.
 */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A console URL as `localhost`: browsers refuse an IP address as a passkey's site (RP ID). */
export const onLocalhost = (url: string) => url.replace('//127.0.0.1:', '//localhost:');
