import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, ChevronDown } from 'lucide-react';
import { clsx } from 'clsx';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { KycRequiredPrompt } from '@/components/kyc/kyc-required-prompt.tsx';
import { startKycHref } from '@/lib/kyc-link.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { depositsQueryKey } from '@/features/wallet/api/get-deposits.ts';
import { BankDetails } from '@/features/wallet/components/bank-details.tsx';
import { DepositForm } from '@/features/wallet/components/deposit-form.tsx';
import { DepositLimits } from '@/features/wallet/components/deposit-limits.tsx';
import { Notices } from '@/features/wallet/components/notices.tsx';
import { RecentDeposits } from '@/features/wallet/components/recent-deposits.tsx';
import { Panel, WalletFrame } from '@/features/wallet/components/wallet-frame.tsx';

/**
 * INR deposit by bank transfer (PRODUCT.md §2 "Wallet"). Only verified users may deposit
 * (PMLA; DESIGN.md §8): anyone else gets the KYC prompt in place of the method and form, and
 * no bank account to send money to, since a transfer they could not report would be stuck.
 */
export default function InrDepositPage() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const formId = useId();
  useRefetchDepositsOnBalanceChange();
  // The page is behind RequireAuth, so the user is known here.
  const kycStatus = user && user.kycStatus !== 'verified' ? user.kycStatus : null;

  return (
    <WalletFrame
      title="Deposit INR"
      description="Add rupees to your Sikka balance by bank transfer, then tell us the UTR number."
    >
      {/*
        DOM order method → bank details → recent deposits suits phones (the account to pay comes
        right after the method); on wide screens the list sits under the method instead.
      */}
      {/*
        Two columns only from xl, as on the crypto deposit page: at lg, beside the dashboard's
        side menu, the first one was too narrow for its fields and lists.
      */}
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,380px)] xl:grid-rows-[auto_1fr]">
        <div className="xl:col-start-1 xl:row-start-1">
          <Panel title="Deposit Method">
            {kycStatus ? (
              <KycRequiredPrompt
                status={kycStatus}
                action={messages.kycRequired.deposit}
                startHref={startKycHref(paths.dashboard.inrDeposit)}
                rejectedReason={user?.kycRejectedReason}
              />
            ) : (
              <>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={formId}
                  onClick={() => setOpen((o) => !o)}
                  className={clsx(
                    'flex w-full items-center gap-4 rounded-xl border p-4 text-left transition-colors',
                    open
                      ? 'border-accent bg-accent/[0.06]'
                      : 'border-line bg-canvas/60 hover:border-line-strong',
                  )}
                >
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-raised text-accent">
                    <Building2 className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-ink">
                      Bank Transfer (IMPS/NEFT/RTGS)
                    </span>
                    <span className="mt-0.5 block text-sm text-muted">
                      Free · usually credited within 30 minutes
                    </span>
                  </span>
                  <ChevronDown
                    className={clsx('size-5 text-muted transition-transform', open && 'rotate-180')}
                    aria-hidden="true"
                  />
                </button>
                <div id={formId} hidden={!open} className="mt-5">
                  {open ? <DepositForm /> : null}
                </div>
              </>
            )}
            <div className="mt-5">
              <h3 className="mb-2 text-sm font-medium text-muted">Deposit limits</h3>
              <DepositLimits />
            </div>
          </Panel>
        </div>
        <div className="space-y-5 xl:col-start-2 xl:row-span-2 xl:row-start-1">
          {kycStatus ? null : <BankDetails />}
          <Notices
            items={[
              'Deposits are processed within 30 minutes.',
              'Withdrawals are processed within 30 minutes during banking hours.',
              'Transfer from a bank account in your own name, then submit its UTR number here.',
            ]}
          />
        </div>
        <div className="xl:col-start-1 xl:row-start-2">
          <RecentDeposits />
        </div>
      </div>
    </WalletFrame>
  );
}

/**
 * An approved deposit reaches the page as a live balance change; re-reading the list then
 * turns its badge from pending to approved without a reload.
 */
function useRefetchDepositsOnBalanceChange() {
  const { balance } = useAuth();
  const queryClient = useQueryClient();
  const last = useRef(balance);
  useEffect(() => {
    if (balance === last.current) return;
    last.current = balance;
    void queryClient.invalidateQueries({ queryKey: depositsQueryKey });
  }, [balance, queryClient]);
}
