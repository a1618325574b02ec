import { useState } from 'react';
import { Snowflake } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { FreezeAccountDialog } from './freeze-account-dialog.tsx';
import { SecurityCard } from './security-card.tsx';

/**
 * The last card of the page (ADR 035): for someone who thinks another person is in the account,
 * one button that stops everything. Only the support team undoes it.
 */
export function FreezeCard() {
  const [open, setOpen] = useState(false);
  return (
    <SecurityCard title="Freeze account" icon={Snowflake} danger>
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between md:gap-8">
        <p className="max-w-3xl text-sm text-muted">
          Think someone else is in your account? Freezing it signs out every device, cancels
          withdrawals not yet sent and open orders, and no one can sign in, not even you, until our
          support team unfreezes it after checking it is you.
        </p>
        <Button
          variant="danger"
          className="shrink-0 self-start md:self-auto"
          onClick={() => setOpen(true)}
        >
          Freeze my account
        </Button>
      </div>
      <FreezeAccountDialog open={open} onClose={() => setOpen(false)} />
    </SecurityCard>
  );
}
