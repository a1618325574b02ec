import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { KycRequiredPrompt } from '@/components/kyc/kyc-required-prompt.tsx';
import { formatInr } from '@/lib/format.ts';
import { startKycHref } from '@/lib/kyc-link.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useBankAccounts } from '@/features/wallet/api/get-bank-accounts.ts';
import {
  useWithdrawalLimits,
  withdrawalLimitsQueryKey,
} from '@/features/wallet/api/get-withdrawal-limits.ts';
import { withdrawalsQueryKey } from '@/features/wallet/api/get-withdrawals.ts';
import { Notices } from '@/features/wallet/components/notices.tsx';
import { RecentWithdrawals } from '@/features/wallet/components/recent-withdrawals.tsx';
import { Panel, WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';
import { WithdrawForm } from '@/features/wallet/components/withdraw-form.tsx';
import { WithdrawalLimits } from '@/features/wallet/components/withdrawal-limits.tsx';

/**
 * INR withdraw (issue 14; ADR 012): available and held INR, the server's limits, the form to
 * a verified bank account, and the recent requests. Only verified users may withdraw (PMLA),
 * so anyone else sees the KYC prompt in place of the form.
 */
export default function InrWithdrawPage() {
  const { user, balance, heldBalance } = useAuth();
  const limits = useWithdrawalLimits();
  const kycStatus = user && user.kycStatus !== 'verified' ? user.kycStatus : null;
  const accounts = useBankAccounts();
  useRefetchOnBalanceChange();

  return (
    <WalletFrame
      title="Withdraw INR"
      description="Send rupees from your Sikka balance to your bank account."
    >
      {/*
        Two columns only from xl, as on the crypto deposit page: at lg, beside the dashboard's
        side menu, the first one was too narrow for its fields and lists.
      */}
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,380px)] xl:grid-rows-[auto_1fr]">
        <div className="xl:col-start-1 xl:row-start-1">
          <Panel title="Withdrawal Details" icon={Landmark}>
            <dl className="mb-5 grid grid-cols-2 gap-2">
              <div className="rounded-xl border border-line bg-canvas/60 px-4 py-3">
                <dt className="text-xs text-subtle">Available balance</dt>
                <dd
                  className="mt-0.5 font-semibold tabular-nums text-ink"
                  data-testid="withdraw-available"
                >
                  {formatInr(balance)}
                </dd>
              </div>
              <div className="rounded-xl border border-line bg-canvas/60 px-4 py-3">
                <dt className="text-xs text-subtle">On hold</dt>
                <dd
                  className="mt-0.5 font-semibold tabular-nums text-ink"
                  data-testid="withdraw-held"
                >
                  {formatInr(heldBalance)}
                </dd>
              </div>
            </dl>
            {kycStatus ? (
              <KycRequiredPrompt
                status={kycStatus}
                action={messages.kycRequired.withdraw}
                startHref={startKycHref(paths.dashboard.inrWithdraw)}
                rejectedReason={user?.kycRejectedReason}
              />
            ) : accounts.isPending ? (
              <div className="h-48 animate-shimmer rounded-xl bg-raised" role="status">
                <span className="sr-only">Loading bank accounts</span>
              </div>
            ) : (
              <WithdrawForm accounts={accounts.data?.bankAccounts ?? []} limits={limits.data} />
            )}
            <div className="mt-5">
              <h3 className="mb-2 text-sm font-medium text-muted">Withdrawal limits</h3>
              <WithdrawalLimits limits={limits.data} />
            </div>
          </Panel>
        </div>
        <div className="xl:col-start-2 xl:row-span-2 xl:row-start-1">
          <Notices
            items={[
              'Withdrawals are processed within 30 minutes during banking hours.',
              'Withdrawals go only to a verified bank account in your own name.',
              'The amount is held from your balance until the transfer is made; you can cancel while it is pending.',
            ]}
          />
        </div>
        <div className="xl:col-start-1 xl:row-start-2">
          <RecentWithdrawals />
        </div>
      </div>
    </WalletFrame>
  );
}

/**
 * The admin's payout or rejection reaches the page as a live balance change (held INR goes
 * down); re-reading the list and limits then shows the new status without a reload.
 */
function useRefetchOnBalanceChange() {
  const { balance, heldBalance } = useAuth();
  const queryClient = useQueryClient();
  const last = useRef(`${balance}/${heldBalance}`);
  useEffect(() => {
    const now = `${balance}/${heldBalance}`;
    if (now === last.current) return;
    last.current = now;
    void queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey });
    void queryClient.invalidateQueries({ queryKey: withdrawalLimitsQueryKey });
  }, [balance, heldBalance, queryClient]);
}
