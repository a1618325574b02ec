import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages, SIGNUP_REDIRECT_MS } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { serverFieldErrors } from '@/lib/form-errors.ts';
import { useFormFields } from '@/hooks/use-form-fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { CheckboxField } from '@/components/ui/checkbox-field.tsx';
import { useAuth } from '@/lib/auth/use-auth.ts';
import { useGuestRedirectHold } from '@/features/auth/hooks/use-guest-redirect-hold.ts';
import {
  EMPTY_SIGNUP,
  SIGNUP_FIELDS,
  validateSignup,
} from '@/features/auth/lib/signup-validation.ts';
import { PasswordField } from '@/components/ui/password-field.tsx';

/**
 * Sign-up (PRODUCT.md §2, §5): the changed field is checked on every change, all fields on
 * submit, with the shared schema the server also applies.
 */
export function SignupForm() {
  const { signup } = useAuth();
  const holdRedirect = useGuestRedirectHold();
  const navigate = useNavigate();
  const form = useFormFields({
    empty: EMPTY_SIGNUP,
    validate: validateSignup,
    recheck: 'changed-field',
  });
  const [loading, setLoading] = useState(false);
  const [succeeded, setSucceeded] = useState(false);

  // The success toast stays readable for SIGNUP_REDIRECT_MS before the dashboard opens.
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(
      () => void navigate(paths.dashboard.root, { replace: true }),
      SIGNUP_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check()) return;

    setLoading(true);
    holdRedirect(true);
    try {
      const { fullName, email, phone, password } = form.values;
      await signup({ fullName, email, phone, password });
    } catch (err) {
      holdRedirect(false);
      setLoading(false);
      if (err instanceof ApiError && err.code === 'user_already_exists') {
        form.setErrors((prev) => ({ ...prev, email: messages.signup.emailTaken }));
        toast.error(messages.signup.emailTakenToast);
        return;
      }
      const fieldErrors = serverFieldErrors(err, SIGNUP_FIELDS);
      if (Object.keys(fieldErrors).length > 0) {
        form.setErrors((prev) => ({ ...prev, ...fieldErrors }));
        return;
      }
      toast.error(messages.signup.failed);
      return;
    }
    setLoading(false);
    setSucceeded(true);
    toast.success(messages.signup.success);
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      <TextField
        label="Full Name"
        autoComplete="name"
        placeholder="As on your PAN card"
        {...form.field('fullName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...form.field('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+91 98765 43210"
        {...form.field('phone')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        placeholder="Create a password"
        hint="Use at least 8 characters."
        {...form.field('password')}
      />
      <CheckboxField
        name="terms"
        checked={form.values.terms}
        error={form.errors.terms}
        onChange={(e) => form.change('terms', e.target.checked)}
        label={
          <>
            I agree to the{' '}
            <Link
              to={paths.terms}
              className="font-medium text-accent underline underline-offset-2 hover:text-accent-hover"
            >
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link
              to={paths.privacy}
              className="font-medium text-accent underline underline-offset-2 hover:text-accent-hover"
            >
              Privacy Policy
            </Link>
          </>
        }
      />
      <Button type="submit" size="lg" className="w-full" disabled={loading || succeeded}>
        {loading ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={paths.login} className="font-semibold text-accent hover:text-accent-hover">
          Log in
        </Link>
      </p>
    </form>
  );
}
