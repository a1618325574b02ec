import type { ReactNode } from 'react';
import { CryptoProvider } from '@/lib/realtime/crypto-provider.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';

/**
 * Joins the realtime connection to the session: the socket reconnects when the user changes,
 * 'balance' events update the balances every screen reads (header, mobile menu, dashboard,
 * quick buy), and after every reconnect the balances are read again, since events sent while
 * the socket was down are lost.
 */
export function MarketConnection({ children }: { children: ReactNode }) {
  const { status, user, setBalances, refreshBalances } = useAuth();
  return (
    <CryptoProvider
      sessionKey={status === 'loading' ? undefined : (user?.id ?? null)}
      onBalances={setBalances}
      onReconnect={() => void refreshBalances()}
    >
      {children}
    </CryptoProvider>
  );
}
