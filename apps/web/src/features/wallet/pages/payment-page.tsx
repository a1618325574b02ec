import { messages } from '@sikka/contracts';
import { CreditCard, Plus } from 'lucide-react';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { useBankAccounts } from '@/features/wallet/api/get-bank-accounts.ts';
import { AddBankAccountForm } from '@/features/wallet/components/add-bank-account-form.tsx';
import { BankAccountList } from '@/features/wallet/components/bank-account-list.tsx';
import { Notices } from '@/features/wallet/components/notices.tsx';
import { Panel } from '@/features/wallet/components/wallet-frame.tsx';

const FETCH_FAILED = messages.bankAccounts.fetchFailed;

/**
 * Payment methods (/dashboard/account/payment): the bank accounts withdrawals can go to.
 * It lives in the wallet feature because the withdraw form lists the same accounts and
 * features never import each other.
 */
export default function PaymentPage() {
  const accounts = useBankAccounts();
  return (
    <div className="w-full px-4 py-6 md:py-8 md:pl-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Payment Methods</h1>
      <p className="mt-1.5 text-sm text-muted md:text-base">
        Bank accounts in your name that INR withdrawals can be sent to.
      </p>
      <div className="mt-6 grid grid-cols-1 items-start gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,380px)]">
        <div className="space-y-5">
          <Panel title="Your Bank Accounts" icon={CreditCard}>
            {accounts.isPending ? (
              <div className="space-y-2" role="status" aria-label="Loading bank accounts">
                {[0, 1].map((i) => (
                  <div key={i} className="h-16 animate-shimmer rounded-lg bg-raised" />
                ))}
              </div>
            ) : accounts.isError ? (
              <RetryAlert message={FETCH_FAILED} onRetry={() => void accounts.refetch()} />
            ) : (
              <BankAccountList accounts={accounts.data.bankAccounts} />
            )}
          </Panel>
          <Panel title="Add Bank Account" icon={Plus}>
            <AddBankAccountForm />
          </Panel>
        </div>
        <Notices
          items={[
            'The account must be in your own name; payouts to third parties are refused.',
            'A new account is checked by our team before you can withdraw to it.',
            'Your KYC bank account is verified with your KYC and is always available.',
          ]}
        />
      </div>
    </div>
  );
}
