import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';

/**
 * Deposit and Withdraw shortcuts. The product keeps them inert (PRODUCT.md §2); a short note
 * says so rather than leaving a button that seems broken.
 */
export function QuickActions() {
  const soon = (what: string) =>
    toast.info('Coming soon', {
      description: `${what} from here is on its way. Use the Wallet pages meanwhile.`,
    });
  return (
    <section
      aria-labelledby="quick-actions-title"
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="quick-actions-title" className="text-base font-semibold text-ink">
        Quick Actions
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="secondary" size="lg" onClick={() => soon('Depositing')}>
          <ArrowDownToLine className="size-4 text-up" aria-hidden="true" />
          Deposit
        </Button>
        <Button variant="secondary" size="lg" onClick={() => soon('Withdrawing')}>
          <ArrowUpFromLine className="size-4 text-down" aria-hidden="true" />
          Withdraw
        </Button>
      </div>
    </section>
  );
}
