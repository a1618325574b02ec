import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { messages, type Balances, type MeResponse, type User } from '@sikka/contracts';
import { ApiError } from '@/lib/api-client.ts';
import { paths } from '@/config/paths.ts';
import { sessionQueryKey, sessionQueryOptions } from './api/get-session.ts';
import { meQueryKey, meQueryOptions } from './api/get-me.ts';
import { login as loginRequest, loginTwoFactor } from './api/login.ts';
import { signup as signupRequest } from './api/signup.ts';
import { logout as logoutRequest } from './api/logout.ts';
import {
  AuthContext,
  INITIAL_INR_BALANCE,
  INITIAL_USDT_BALANCE,
  type AuthContextValue,
  type AuthStatus,
} from './use-auth.ts';

/**
 * Query keys that survive a sign-out: market data is public. Everything else in the cache may
 * belong to the user who just left.
 */
const PUBLIC_QUERY_ROOTS = new Set<unknown>(['auth', 'market']);

/** Holds the session (PRODUCT.md §4). Lives inside the router because logout navigates. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const session = useQuery(sessionQueryOptions());
  // A failed session check counts as signed out: user and balances reset.
  const sessionUser = session.isError ? null : (session.data?.user ?? null);
  const me = useQuery({
    ...meQueryOptions(sessionUser?.id ?? ''),
    enabled: sessionUser !== null,
  });

  // The session ended on the server (expired, deleted elsewhere): believe it.
  const meError = me.error;
  useEffect(() => {
    if (meError instanceof ApiError && meError.status === 401) {
      queryClient.setQueryData(sessionQueryKey, { user: null });
    }
  }, [meError, queryClient]);

  const user = sessionUser ? (me.data?.user ?? sessionUser) : null;
  const status: AuthStatus = session.isPending ? 'loading' : user ? 'signedIn' : 'signedOut';
  const balances = user ? me.data?.balances : undefined;

  const signIn = useCallback(
    (signedIn: User) => {
      queryClient.removeQueries({ queryKey: ['auth', 'me'] });
      queryClient.setQueryData(sessionQueryKey, { user: signedIn });
    },
    [queryClient],
  );

  const login = useCallback<AuthContextValue['login']>(
    async (body) => {
      const answer = await loginRequest(body);
      if (answer.twoFactorRequired || !answer.user) return { kind: 'twoFactorRequired' };
      signIn(answer.user);
      return { kind: 'signedIn', user: answer.user };
    },
    [signIn],
  );

  const completeTwoFactor = useCallback<AuthContextValue['completeTwoFactor']>(
    async (code) => {
      const { user: signedIn } = await loginTwoFactor(code);
      signIn(signedIn);
      return signedIn;
    },
    [signIn],
  );

  const loginWithPasskey = useCallback<AuthContextValue['loginWithPasskey']>(
    async (rememberMe) => {
      // The WebAuthn helper loads only when someone uses a passkey, not with every page.
      const { passkeyLogin } = await import('./api/passkey-login.ts');
      const { user: signedIn } = await passkeyLogin(rememberMe);
      signIn(signedIn);
      return signedIn;
    },
    [signIn],
  );

  const refreshSession = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  }, [queryClient]);

  const signup = useCallback<AuthContextValue['signup']>(
    async (body) => {
      const { user: created } = await signupRequest(body);
      signIn(created);
      return created;
    },
    [signIn],
  );

  // Sign-out happens in two steps: go to a page without a session (/ for logout), then (once it
  // is on screen) forget the user. The other order would let the guard of a signed-in page send
  // the user to /login instead. `signingOutAt` is that page's path.
  const { pathname } = useLocation();
  const [signingOutAt, setSigningOutAt] = useState<string | null>(null);
  useEffect(() => {
    if (signingOutAt === null || pathname !== signingOutAt) return;
    setSigningOutAt(null);
    // The session first, so nothing refetches the departed user's data on the way.
    queryClient.setQueryData(sessionQueryKey, { user: null });
    queryClient.removeQueries({ queryKey: ['auth', 'me'] });
    queryClient.removeQueries({
      predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]),
    });
  }, [signingOutAt, pathname, queryClient]);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // sonner stays out of the start-up bundle; the toast outlet loads after the page.
      void import('sonner').then(({ toast }) => toast.error(messages.logout.failed));
      return;
    }
    setSigningOutAt(paths.home);
    await navigate(paths.home);
  }, [navigate]);

  const forgetSession = useCallback<AuthContextValue['forgetSession']>(
    async (to, state) => {
      setSigningOutAt(to);
      await navigate(to, { replace: true, state });
    },
    [navigate],
  );

  const userId = user?.id;
  const refreshBalances = useCallback(async () => {
    if (!userId) return;
    await queryClient.refetchQueries({ queryKey: meQueryKey(userId), exact: true });
  }, [queryClient, userId]);

  const setBalances = useCallback(
    (next: Partial<Balances>) => {
      if (!userId) return;
      queryClient.setQueryData<MeResponse>(meQueryKey(userId), (old) =>
        old ? { ...old, balances: { ...old.balances, ...next } } : old,
      );
    },
    [queryClient, userId],
  );

  const setUser = useCallback(
    (next: User) => {
      queryClient.setQueryData(sessionQueryKey, { user: next });
      queryClient.setQueryData<MeResponse>(meQueryKey(next.id), (old) =>
        old ? { ...old, user: next } : old,
      );
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      balance: balances?.inr ?? INITIAL_INR_BALANCE,
      heldBalance: balances?.inrHeld ?? INITIAL_INR_BALANCE,
      usdtBalance: balances?.usdt ?? INITIAL_USDT_BALANCE,
      login,
      completeTwoFactor,
      loginWithPasskey,
      refreshSession,
      signup,
      logout,
      forgetSession,
      refreshBalances,
      setBalances,
      setUser,
    }),
    [
      status,
      user,
      balances,
      login,
      completeTwoFactor,
      loginWithPasskey,
      refreshSession,
      signup,
      logout,
      forgetSession,
      refreshBalances,
      setBalances,
      setUser,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
