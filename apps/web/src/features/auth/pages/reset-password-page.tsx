import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { resetPassword } from '@/features/auth/api/reset-password.ts';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { ResultNotice } from '@/features/auth/components/result-notice.tsx';
import {
  EMPTY_RESET,
  linkToken,
  validateReset,
} from '@/features/auth/lib/password-reset-validation.ts';

/** Not a contracts message: only a lost connection or a server fault gets here. */
const RESET_FAILED = 'The password could not be changed. Please try again.';

const newLinkAction = (
  <Link to={paths.forgotPassword} className={buttonClasses('outline', 'lg', 'w-full')}>
    Ask for a new link
  </Link>
);

/**
 * /reset-password?token=… (the mailed link; signed in or out): a new password twice. The
 * server then signs out every session of the account, this browser's included.
 */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = linkToken(search);
  const { refreshSession } = useAuth();
  const form = useFormFields({ empty: EMPTY_RESET, validate: validateReset });
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !form.check()) return;
    setSaving(true);
    try {
      const { message } = await resetPassword({ token, password: form.values.password });
      setResult({ ok: true, message });
      // This browser's session (if any) ended with the reset.
      void refreshSession();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'link_invalid') {
        setResult({ ok: false, message: err.message });
        return;
      }
      const fieldErrors = serverFieldErrors(err, ['password'] as const);
      if (fieldErrors.password) form.setErrors(fieldErrors);
      else toast.error(errorMessage(err, RESET_FAILED));
    } finally {
      setSaving(false);
    }
  }

  let body;
  if (!token) {
    body = (
      <ResultNotice tone="error" action={newLinkAction}>
        {messages.security.linkInvalid}
      </ResultNotice>
    );
  } else if (result?.ok) {
    body = (
      <ResultNotice
        tone="success"
        action={
          <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
            Log in
          </Link>
        }
      >
        {result.message}
      </ResultNotice>
    );
  } else if (result) {
    body = (
      <ResultNotice tone="error" action={newLinkAction}>
        {result.message}
      </ResultNotice>
    );
  } else {
    body = (
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          placeholder="Create a password"
          hint="Use at least 8 characters."
          autoFocus
          {...form.field('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          placeholder="Type it again"
          {...form.field('confirm')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={saving}>
          {saving ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="You will be signed out everywhere and can then log in with the new password."
    >
      {body}
    </AuthLayout>
  );
}
