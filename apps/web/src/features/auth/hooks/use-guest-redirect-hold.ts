import { useOutletContext } from 'react-router';

/** What the signed-out-only area passes to its pages (see GuestOnly). */
export interface GuestOutletContext {
  /**
   * While held, becoming signed in does not bounce the page to /dashboard: the login and
   * sign-up screens show their success toast and navigate themselves (sign-up after 2 s).
   */
  holdRedirect(hold: boolean): void;
}

export function useGuestRedirectHold(): GuestOutletContext['holdRedirect'] {
  return useOutletContext<GuestOutletContext>().holdRedirect;
}
