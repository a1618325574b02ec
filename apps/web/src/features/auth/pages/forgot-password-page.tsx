import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { forgotPassword } from '@/features/auth/api/forgot-password.ts';
import { AuthLayout } from '@/features/auth/components/auth-layout.tsx';
import { ResultNotice } from '@/features/auth/components/result-notice.tsx';
import { EMPTY_FORGOT, validateForgot } from '@/features/auth/lib/password-reset-validation.ts';

/** Not a contracts message: only a lost connection or a server fault gets here. */
const SEND_FAILED = 'The link could not be sent. Please try again.';

/**
 * /forgot-password (signed out): an e-mail, then the server's answer, which reads the same for
 * every address so the form cannot tell who has an account.
 */
export default function ForgotPasswordPage() {
  const form = useFormFields({ empty: EMPTY_FORGOT, validate: validateForgot });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !form.check()) return;
    setSending(true);
    try {
      const { message } = await forgotPassword(form.values.email.trim());
      setSent(message);
    } catch (err) {
      const fieldErrors = serverFieldErrors(err, ['email'] as const);
      if (fieldErrors.email) form.setErrors(fieldErrors);
      else toast.error(errorMessage(err, SEND_FAILED));
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle={
        sent
          ? 'Check your inbox, and your spam folder, for the link.'
          : 'Enter the email you signed up with and we will send you a link to choose a new password.'
      }
    >
      {sent ? (
        <ResultNotice
          tone="sent"
          action={
            <Link to={paths.login} className={buttonClasses('outline', 'lg', 'w-full')}>
              Back to login
            </Link>
          }
        >
          {sent}
        </ResultNotice>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            autoFocus
            {...form.field('email')}
          />
          <Button type="submit" size="lg" className="w-full" disabled={sending}>
            {sending ? 'Sending...' : 'Send reset link'}
          </Button>
          <p className="text-center text-sm text-muted">
            Remembered it?{' '}
            <Link
              to={paths.login}
              className="font-semibold text-accent underline underline-offset-2 hover:text-accent-hover"
            >
              Log in
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
