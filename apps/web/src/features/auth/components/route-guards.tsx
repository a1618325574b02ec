import { useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { PageSkeleton } from '@/components/layout/page-skeleton.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { afterSignInPath, loginPathReturningTo } from '@/lib/auth/return-path.ts';
import type { GuestOutletContext } from '@/features/auth/hooks/use-guest-redirect-hold.ts';

/*
 * Route access of PRODUCT.md §2. These only decide what the browser shows; the server checks
 * every request on its own (DESIGN.md §3).
 */

/**
 * /trade, /watchlist, /dashboard/*: signed-in users only; guests go to /login, which brings
 * them back here once they have signed in.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSkeleton />;
  if (status === 'signedOut') {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPathReturningTo(here)} replace />;
  }
  return <Outlet />;
}

/** Where an admin without two-factor is sent: the Security page, which says why. */
export const ADMIN_SETUP_PATH = `${paths.dashboard.security}?setup=admin`;

/**
 * /admin: only a user whose server-given role is admin; everyone else (guests too) goes to /.
 * An admin without two-factor sets it up first (the server refuses admin routes until then).
 */
export function RequireAdmin() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSkeleton />;
  if (user?.role !== 'admin') return <Navigate to={paths.home} replace />;
  if (!user.twoFactorEnabled) return <Navigate to={ADMIN_SETUP_PATH} replace />;
  return <Outlet />;
}

/**
 * /login, /signup: signed-out only; a signed-in visitor goes to the page /login was asked to
 * return to, else /dashboard.
 */
export function GuestOnly() {
  const { status } = useAuth();
  const { search } = useLocation();
  const [held, setHeld] = useState(false);
  const context = useMemo<GuestOutletContext>(() => ({ holdRedirect: setHeld }), []);
  if (status === 'loading') return <PageSkeleton />;
  if (status === 'signedIn' && !held) return <Navigate to={afterSignInPath(search)} replace />;
  return <Outlet context={context} />;
}
