import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Inbox } from 'lucide-react';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { devMailboxQueryOptions } from '@/features/dev/api/get-dev-mailbox.ts';
import { MailText } from '@/features/dev/components/mail-text.tsx';

const NO_MAILBOX = 'Mail is sent by SMTP here; there is no local mailbox.';
const FETCH_FAILED = 'The mailbox could not be loaded';

/**
 * /dev/mailbox: the mails a server without SMTP keeps instead of sending (verification and
 * reset links), so they can be followed while developing. Newest first; one open at a time.
 */
export default function DevMailboxPage() {
  const query = useQuery(devMailboxQueryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  const mails = query.data?.mails ?? [];
  const open = mails.find((m) => m.id === openId) ?? mails[0];

  let body;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    body = (
      <p role="status" className="rounded-2xl border border-line bg-surface p-5 text-muted">
        {NO_MAILBOX}
      </p>
    );
  } else if (query.isError) {
    body = (
      <RetryAlert
        message={errorMessage(query.error, FETCH_FAILED)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!query.data) {
    body = (
      <p role="status" className="text-muted">
        Loading the mailbox...
      </p>
    );
  } else if (mails.length === 0) {
    body = (
      <p
        role="status"
        className="flex items-center gap-3 rounded-2xl border border-dashed border-line-strong p-8 text-muted"
      >
        <Inbox className="size-5" aria-hidden="true" />
        No mail yet. Sign up or ask for a password reset, and it shows here.
      </p>
    );
  } else {
    body = (
      <div className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <ul aria-label="Mails" className="space-y-2">
          {mails.map((mail) => {
            const current = mail.id === open?.id;
            return (
              <li key={mail.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(mail.id)}
                  aria-pressed={current}
                  className={clsx(
                    'w-full rounded-xl border p-3 text-left transition-colors',
                    current
                      ? 'border-accent bg-raised'
                      : 'border-line bg-surface hover:border-line-strong',
                  )}
                >
                  <span className="block truncate font-medium text-ink">{mail.subject}</span>
                  <span className="mt-1 flex justify-between gap-3 text-xs text-muted">
                    <span className="truncate">{mail.to}</span>
                    <DateTime iso={mail.createdAt} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {open ? (
          <article
            aria-labelledby="mail-subject"
            className="min-w-0 rounded-2xl border border-line bg-surface p-5"
          >
            <h2 id="mail-subject" className="text-lg font-semibold text-ink">
              {open.subject}
            </h2>
            <p className="mt-1 text-sm text-muted">
              To {open.to} · <DateTime iso={open.createdAt} />
            </p>
            <div className="mt-4 border-t border-line pt-4">
              <MailText text={open.text} />
            </div>
          </article>
        ) : null}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 md:px-6 md:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-ink md:text-3xl">Local mailbox</h1>
      <p className="mt-2 text-sm text-muted md:text-base">
        Mails this development server kept instead of sending them.
      </p>
      <div className="mt-6">{body}</div>
    </div>
  );
}
