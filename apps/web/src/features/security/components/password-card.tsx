import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { formatDate } from '@/lib/format-date.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { useChangePassword } from '@/features/security/api/change-password.ts';
import { sayFormRefusal } from '@/features/security/lib/step-up.ts';
import {
  EMPTY_PASSWORD_CHANGE,
  PASSWORD_CHANGE_FIELDS,
  validatePasswordChange,
} from '@/features/security/lib/password-change-validation.ts';
import { SecurityCard } from './security-card.tsx';

const CHANGE_FAILED = 'The password could not be changed. Please try again.';

/** Change of password: current, new (the sign-up rules), and the new one again. */
export function PasswordCard({ changedAt }: { changedAt: string | null }) {
  const change = useChangePassword();
  const form = useFormFields({ empty: EMPTY_PASSWORD_CHANGE, validate: validatePasswordChange });
  const [status, setStatus] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    if (!form.check()) return;
    const { currentPassword, newPassword } = form.values;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          setStatus(messages.security.passwordChanged);
          toast.success(messages.security.passwordChanged);
        },
        onError: (err) =>
          sayFormRefusal(
            err,
            PASSWORD_CHANGE_FIELDS,
            (found) => form.setErrors((prev) => ({ ...prev, ...found })),
            CHANGE_FAILED,
          ),
      },
    );
  }

  return (
    <SecurityCard
      title="Password"
      icon={KeyRound}
      description={
        changedAt
          ? `Last changed ${formatDate(changedAt)}.`
          : 'Use a password you use nowhere else.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="Use at least 8 characters."
          {...form.field('newPassword')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <p className="text-sm text-muted">Your other sessions will be signed out.</p>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
        <p className="sr-only" aria-live="polite">
          {status}
        </p>
      </form>
    </SecurityCard>
  );
}
