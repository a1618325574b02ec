import { Link } from 'react-router';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';

/** Deposit and Withdraw shortcuts to the wallet's INR pages. */
export function QuickActions() {
  return (
    <section
      aria-labelledby="quick-actions-title"
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="quick-actions-title" className="text-base font-semibold text-ink">
        Quick Actions
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Link to={paths.dashboard.inrDeposit} className={buttonClasses('secondary', 'lg')}>
          <ArrowDownToLine className="size-4 text-up" aria-hidden="true" />
          Deposit
        </Link>
        <Link to={paths.dashboard.inrWithdraw} className={buttonClasses('secondary', 'lg')}>
          <ArrowUpFromLine className="size-4 text-down" aria-hidden="true" />
          Withdraw
        </Link>
      </div>
    </section>
  );
}
