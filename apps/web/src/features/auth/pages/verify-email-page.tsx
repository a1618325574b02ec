import { verifyEmail } from '@/features/auth/api/verify-email.ts';
import { MailedLinkPage } from '@/features/auth/components/mailed-link-page.tsx';

/** /verify-email?token=… (the sign-up's mailed link; signed in or out). */
export default function VerifyEmailPage() {
  return (
    <MailedLinkPage
      title="Verify your email"
      subtitle="Confirming your address opens withdrawals on your account."
      send={verifyEmail}
      failed="Your email address could not be verified. Please open the link again."
    />
  );
}
