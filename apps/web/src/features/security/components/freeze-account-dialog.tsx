import type { FormEvent } from 'react';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { DialogSheet } from '@/components/ui/dialog-sheet.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { useFreezeAccount } from '@/features/security/api/freeze-account.ts';
import { sayFormRefusal } from '@/features/security/lib/step-up.ts';
import {
  EMPTY_FREEZE,
  FREEZE_FIELDS,
  validateFreeze,
} from '@/features/security/lib/freeze-validation.ts';

const FREEZE_FAILED = 'Your account could not be frozen. Please try again.';

/**
 * "Freeze my account" (ADR 035): the consequences once more and the current password. Frozen,
 * this browser's session is gone with the others: it forgets the user as logout does and shows
 * /freeze-account, which says what happened.
 */
export function FreezeAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { forgetSession } = useAuth();
  const freeze = useFreezeAccount();
  const form = useFormFields({ empty: EMPTY_FREEZE, validate: validateFreeze });
  // Kept disabled after success too: the page is about to change.
  const busy = freeze.isPending || freeze.isSuccess;

  function close() {
    form.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check()) return;
    freeze.mutate(form.values, {
      onSuccess: (answer) => void forgetSession(paths.freezeAccount, answer),
      onError: (err) =>
        sayFormRefusal(
          err,
          FREEZE_FIELDS,
          (found) => form.setErrors((prev) => ({ ...prev, ...found })),
          FREEZE_FAILED,
        ),
    });
  }

  return (
    <DialogSheet
      open={open}
      onClose={close}
      busy={busy}
      title="Freeze your account?"
      description="Every device is signed out, withdrawals not yet sent and open orders are cancelled, and only our support team can unfreeze it."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Freeze account">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          autoFocus
          {...form.field('currentPassword')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Freezing…' : 'Freeze my account'}
          </Button>
        </div>
      </form>
    </DialogSheet>
  );
}
