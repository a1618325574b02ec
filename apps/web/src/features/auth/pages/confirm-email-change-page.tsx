import { confirmEmailChange } from '@/features/auth/api/confirm-email-change.ts';
import { MailedLinkPage } from '@/features/auth/components/mailed-link-page.tsx';

/** /confirm-email-change?token=… (the link sent to a new address; signed in or out; ADR 033). */
export default function ConfirmEmailChangePage() {
  return (
    <MailedLinkPage
      title="Confirm your new email"
      subtitle="Following this link moves your Sikka account to the address it was sent to."
      send={confirmEmailChange}
      failed="Your email address could not be changed. Please open the link again."
    />
  );
}
