import { useMemo, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Balances } from '@sikka/contracts';
import { CryptoProvider } from '@/lib/realtime/crypto-provider.tsx';
import { useAuth, type AuthContextValue } from '@/lib/auth/use-auth.ts';

/**
 * Every crypto wallet query's key starts with this (deposit address, chain deposits, the
 * wallet, withdrawals), so one invalidation reaches them all, whichever screen is open.
 */
export const CRYPTO_QUERY_KEY = ['crypto'] as const;

/** The header bell's notices (features/notifications/api/get-notifications.ts). */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export interface AccountEventHandlers {
  onBalances(balances: Balances): void;
  onCryptoActivity(): void;
  /** A 'notification' event: the user has a new in-app notice. */
  onNotification(): void;
  onReconnect(): void;
}

/**
 * What the signed-in user's socket events do. The crypto wallet's queries are re-read on
 * 'cryptoActivity' (a deposit found or confirmed, a withdrawal moving on), on 'balance' (a
 * credit moves the balance too, and a server without cryptoActivity sends only that) and on
 * reconnect (events sent while the socket was down are lost); the header bell's notices on
 * 'notification' and on reconnect. Pure, so it is unit-tested.
 */
export function accountEventHandlers(
  queryClient: QueryClient,
  auth: Pick<AuthContextValue, 'setBalances' | 'refreshBalances'>,
): AccountEventHandlers {
  const refreshCrypto = () => {
    void queryClient.invalidateQueries({ queryKey: CRYPTO_QUERY_KEY });
  };
  const refreshNotifications = () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  };
  return {
    onBalances: (balances) => {
      auth.setBalances(balances);
      refreshCrypto();
    },
    onCryptoActivity: refreshCrypto,
    onNotification: refreshNotifications,
    onReconnect: () => {
      void auth.refreshBalances();
      refreshCrypto();
      // A notice added while the socket was down sent its event to nobody.
      refreshNotifications();
    },
  };
}

/**
 * Joins the realtime connection to the session: the socket reconnects when the user changes,
 * 'balance' events update the balances every screen reads (header, mobile menu, dashboard,
 * quick buy), and after every reconnect the balances are read again; crypto activity reloads
 * the crypto wallet's queries (accountEventHandlers).
 */
export function MarketConnection({ children }: { children: ReactNode }) {
  const { status, user, setBalances, refreshBalances } = useAuth();
  const queryClient = useQueryClient();
  const handlers = useMemo(
    () => accountEventHandlers(queryClient, { setBalances, refreshBalances }),
    [queryClient, setBalances, refreshBalances],
  );
  return (
    <CryptoProvider
      sessionKey={status === 'loading' ? undefined : (user?.id ?? null)}
      onBalances={handlers.onBalances}
      onCryptoActivity={handlers.onCryptoActivity}
      onNotification={handlers.onNotification}
      onReconnect={handlers.onReconnect}
    >
      {children}
    </CryptoProvider>
  );
}
