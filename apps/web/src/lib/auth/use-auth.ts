import { createContext, useContext } from 'react';
import type { Balances, LoginRequest, SignupRequest, User } from '@sikka/contracts';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/**
 * What the password step of a sign-in led to: the session, or (two-factor on) a request for
 * the code, which `completeTwoFactor` sends.
 */
export type LoginOutcome = { kind: 'signedIn'; user: User } | { kind: 'twoFactorRequired' };

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** INR balance, decimal string with 2 places ('0.00' when signed out). */
  balance: string;
  /** INR held by pending withdrawals, 2 places: not spendable, not yet paid out ('0.00'). */
  heldBalance: string;
  /** USDT balance, decimal string with 8 places ('0.00000000' when signed out). */
  usdtBalance: string;
  /**
   * The password step of a sign-in; resolves with the user, or with the request for a second
   * factor; rejects with the ApiError. Navigation is the caller's.
   */
  login(body: LoginRequest): Promise<LoginOutcome>;
  /** The code step after `login` asked for it: the app code or a backup code. */
  completeTwoFactor(code: string): Promise<User>;
  /** Signs in with a passkey (the browser asks the authenticator); rejects on refusal. */
  loginWithPasskey(rememberMe: boolean): Promise<User>;
  /** Reads the session and the user again (an e-mail verified, a password reset elsewhere). */
  refreshSession(): Promise<void>;
  /** Creates the account and signs in; resolves with the user, rejects with the ApiError. */
  signup(body: SignupRequest): Promise<User>;
  /** Signs out, forgets the user and both balances, and goes to /; toasts on failure. */
  logout(): Promise<void>;
  /**
   * For a session the server has ended itself (the account was frozen, ADR 035): goes to `to`
   * (a page that needs no session; the history entry is replaced, with `state`), then forgets
   * the user, both balances and everything private in the cache, as `logout` does. No request.
   */
  forgetSession(to: string, state?: unknown): Promise<void>;
  /** Re-reads the user and both balances from GET /api/me. */
  refreshBalances(): Promise<void>;
  /** Pushes balances learnt elsewhere (realtime 'balance' events, a trade's answer). */
  setBalances(balances: Partial<Balances>): void;
  /** Replaces the signed-in user (e.g. the answer of a KYC submission or profile update). */
  setUser(user: User): void;
}

export const INITIAL_INR_BALANCE = '0.00';
export const INITIAL_USDT_BALANCE = '0.00000000';

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The session: who is signed in, their balances, and the actions that change that. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
