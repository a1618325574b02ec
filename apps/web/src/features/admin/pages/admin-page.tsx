import * as Tabs from '@radix-ui/react-tabs';
import { Fragment, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import {
  ArrowLeftRight,
  ArrowUpFromLine,
  Coins,
  CreditCard,
  History,
  Landmark,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ScrollStrip } from '@/components/ui/scroll-strip.tsx';
import { AuditTab } from '@/features/admin/components/audit-tab.tsx';
import { BankAccountsTab } from '@/features/admin/components/bank-accounts-tab.tsx';
import { CryptoWithdrawalsTab } from '@/features/admin/components/crypto-withdrawals-tab.tsx';
import { DepositsTab } from '@/features/admin/components/deposits-tab.tsx';
import { TdsDownload } from '@/features/admin/components/tds-download.tsx';
import { TradesTab } from '@/features/admin/components/trades-tab.tsx';
import { UsersTab } from '@/features/admin/components/users-tab.tsx';
import { WithdrawalsTab } from '@/features/admin/components/withdrawals-tab.tsx';

type TabKey =
  | 'users'
  | 'deposits'
  | 'withdrawals'
  | 'crypto-withdrawals'
  | 'bank-accounts'
  | 'trades'
  | 'audit';

const tabs: ReadonlyArray<{
  key: TabKey;
  label: string;
  icon: LucideIcon;
  panel: ComponentType;
}> = [
  { key: 'users', label: 'Users', icon: Users, panel: UsersTab },
  { key: 'deposits', label: 'Deposits', icon: Landmark, panel: DepositsTab },
  // Money out (issue 14): payouts and the accounts they may go to.
  { key: 'withdrawals', label: 'Withdrawals', icon: ArrowUpFromLine, panel: WithdrawalsTab },
  // Coins out on chain (issue 15): approved ones are signed and broadcast by the server.
  {
    key: 'crypto-withdrawals',
    label: 'Crypto withdrawals',
    icon: Coins,
    panel: CryptoWithdrawalsTab,
  },
  { key: 'bank-accounts', label: 'Bank accounts', icon: CreditCard, panel: BankAccountsTab },
  { key: 'trades', label: 'Trades', icon: ArrowLeftRight, panel: TradesTab },
  // Beyond the spec's three tabs: every admin decision, append-only (issue 5).
  { key: 'audit', label: 'Audit log', icon: History, panel: AuditTab },
];

const isTab = (value: string | null): value is TabKey => tabs.some((t) => t.key === value);

/**
 * The back office (PRODUCT.md §2 "Admin dashboard"): users with KYC review, deposit requests,
 * trades, and the audit log of decisions. The open tab lives in the URL (?tab=deposits) so a reload or a shared link keeps it.
 */
export default function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('tab');
  const tab: TabKey = isTab(param) ? param : 'users';

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 md:px-6 md:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Admin Dashboard</h1>
      <p className="mt-2 text-sm text-muted md:text-base">
        Review KYC submissions, INR deposits and withdrawals, crypto withdrawals, bank accounts and
        trades.
      </p>

      <Tabs.Root
        value={tab}
        onValueChange={(next) =>
          setSearchParams(next === 'users' ? {} : { tab: next }, { replace: true })
        }
        className="mt-6"
      >
        <ScrollStrip current={tab}>
          <Tabs.List
            aria-label="Admin sections"
            className="flex w-max min-w-full gap-1 border-b border-line"
          >
            {tabs.map(({ key, label, icon: Icon }) => (
              <Tabs.Trigger
                key={key}
                value={key}
                className="relative flex shrink-0 items-center gap-2 px-3 py-3 text-sm sm:px-4 font-medium text-muted transition-colors hover:text-ink data-[state=active]:text-ink data-[state=active]:after:absolute data-[state=active]:after:inset-x-3 data-[state=active]:after:-bottom-px data-[state=active]:after:h-0.5 data-[state=active]:after:rounded-full data-[state=active]:after:bg-accent"
              >
                {/* Icons only from the sm breakpoint; on phones the strip scrolls sideways. */}
                <Icon className="hidden size-4 sm:block" aria-hidden="true" />
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </ScrollStrip>
        {tabs.map(({ key, panel: Panel }) => (
          <Fragment key={key}>
            {/* Above the Trades panel, outside it: the quarterly TDS (194S) return's download. */}
            {key === 'trades' && tab === 'trades' ? (
              <div className="pt-6">
                <TdsDownload />
              </div>
            ) : null}
            <Tabs.Content value={key} className="pt-6 outline-none">
              <Panel />
            </Tabs.Content>
          </Fragment>
        ))}
      </Tabs.Root>
    </div>
  );
}
