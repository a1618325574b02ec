import type { CDPSession, Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (DevTools WebAuthn domain) on `page`: a platform
 * authenticator that keeps discoverable credentials, verifies the user and answers at once, so
 * passkey ceremonies run headless. The page must be on a host name (localhost), not an IP.
 */
export async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}
