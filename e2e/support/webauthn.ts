import type { CDPSession, Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (DevTools WebAuthn domain) on `page`: a platform
 * authenticator that keeps discoverable credentials, verifies the user and answers at once, so
 * passkey ceremonies run headless. The page must be on a host name (localhost), not an IP.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    async setUserVerified(isUserVerified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
  };
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  /** false: the person fails the PIN or fingerprint, so a ceremony that requires it fails. */
  setUserVerified(isUserVerified: boolean): Promise<void>;
}
