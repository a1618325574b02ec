import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { DialogSheet } from '@/components/ui/dialog-sheet.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useChangeEmail } from '@/features/security/api/change-email.ts';
import { sayFormRefusal } from '@/features/security/lib/step-up.ts';
import {
  EMAIL_CHANGE_FIELDS,
  EMPTY_EMAIL_CHANGE,
  validateEmailChange,
} from '@/features/security/lib/email-change-validation.ts';

const CHANGE_FAILED = 'The change could not be asked for. Please try again.';

/**
 * "Change email": the new address and the current password (then the second factor, when it
 * is on). On success the server's words say where the link went; `onSent` gets them.
 */
export function ChangeEmailDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose(): void;
  onSent(message: string): void;
}) {
  const change = useChangeEmail();
  const form = useFormFields({ empty: EMPTY_EMAIL_CHANGE, validate: validateEmailChange });

  function close() {
    form.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check()) return;
    change.mutate(form.values, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onSent(message);
        close();
      },
      onError: (err) =>
        sayFormRefusal(
          err,
          EMAIL_CHANGE_FIELDS,
          (found) => form.setErrors((prev) => ({ ...prev, ...found })),
          CHANGE_FAILED,
        ),
    });
  }

  return (
    <DialogSheet
      open={open}
      onClose={close}
      busy={change.isPending}
      title="Change email"
      description="We will send a link to the new address. Your address changes when you follow it."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change email">
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.field('newEmail')}
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <p className="text-sm text-muted">
          Withdrawals pause for 24 hours after the change, to protect your account.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Sending…' : 'Send link'}
          </Button>
        </div>
      </form>
    </DialogSheet>
  );
}
