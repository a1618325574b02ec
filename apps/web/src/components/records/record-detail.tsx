import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { clsx } from 'clsx';
import { recordMessages, type RecordKind } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { RetryAlert } from '@/components/ui/retry-alert.tsx';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';

/*
 * The page of one trade, deposit or withdrawal, as the account statement links to it: a way
 * back to the statement, the record's figures in one card, and a friendly not-found for an id
 * that is unknown, malformed or someone else's (the server answers all three alike).
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Record ids are UUIDs; the server answers any other id not found. Such an id is not sent at
 * all: it could name one of the list routes' own paths (/api/withdrawals/limits).
 */
export const isRecordId = (id: string | undefined): id is string =>
  id !== undefined && UUID_RE.test(id);

/** True when the answer says there is no such record for this user. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

const BACK_LABEL = 'Back to Transaction History';

/** The statement list the record was opened from (filters and page kept), else its first page. */
function useBackTarget(): string {
  const state: unknown = useLocation().state;
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith(paths.dashboard.transactions)
    ? from
    : paths.dashboard.transactions;
}

function BackLink() {
  return (
    <Link
      to={useBackTarget()}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted transition-colors hover:text-ink"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {BACK_LABEL}
    </Link>
  );
}

function NotFound({ kind }: { kind: RecordKind }) {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-line bg-surface px-5 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-accent/10 text-accent">
        <SearchX className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-xl font-bold tracking-tight text-ink">
        {recordMessages.notFound(kind)}
      </h1>
      <p className="mt-2 max-w-md text-sm text-muted">{recordMessages.notFoundHint(kind)}</p>
      <Link to={paths.dashboard.transactions} className={buttonClasses('primary', 'md', 'mt-6')}>
        Open Transaction History
      </Link>
    </section>
  );
}

function Loading({ kind }: { kind: RecordKind }) {
  return (
    <div
      role="status"
      aria-label={`Loading ${kind}`}
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <SkeletonBlock className="h-4 w-24" />
      <SkeletonBlock className="mt-3 h-7 w-56 max-w-full" />
      <div className="mt-6 space-y-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <SkeletonBlock key={i} className="h-5" />
        ))}
      </div>
    </div>
  );
}

/**
 * The frame of a record's page, and its states: loading, not found (404, or an id that cannot
 * be one), a failed fetch with Retry, and the record itself through `children`.
 */
export function RecordDetailPage<T>({
  kind,
  id,
  query,
  children,
}: {
  kind: RecordKind;
  /** the id from the address */
  id: string | undefined;
  query: UseQueryResult<T>;
  children(data: T): ReactNode;
}) {
  let body: ReactNode;
  if (!isRecordId(id) || (query.isError && isNotFound(query.error))) {
    body = <NotFound kind={kind} />;
  } else if (query.data !== undefined) {
    body = children(query.data);
  } else if (query.isError) {
    body = (
      <RetryAlert message={recordMessages.fetchFailed(kind)} onRetry={() => void query.refetch()} />
    );
  } else {
    body = <Loading kind={kind} />;
  }
  return (
    <div className="w-full px-4 py-6 md:py-8 md:pl-8">
      <nav aria-label="Breadcrumb">
        <BackLink />
      </nav>
      <div className="mt-4 max-w-2xl">{body}</div>
    </div>
  );
}

/** One record: what it is, its headline figure and status, its details, and any actions. */
export function RecordCard({
  eyebrow,
  title,
  subtitle,
  status,
  notice,
  children,
  footer,
}: {
  /** what kind of record, e.g. 'Quick trade' */
  eyebrow: string;
  title: ReactNode;
  subtitle?: ReactNode;
  status: string;
  /** what the user should know first, e.g. why it was rejected */
  notice?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <article className="overflow-hidden rounded-2xl border border-line bg-surface">
      <header className="flex items-start justify-between gap-4 border-b border-line p-5">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-subtle uppercase">{eyebrow}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink tabular-nums">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        </div>
        <StatusBadge status={status} className="mt-0.5 shrink-0" />
      </header>
      {notice ? <div className="px-5 pt-4 pb-1">{notice}</div> : null}
      <dl className="divide-y divide-line/70 px-5">{children}</dl>
      {footer ? <footer className="border-t border-line p-5">{footer}</footer> : null}
    </article>
  );
}

/** One line of a record: a label and its value. */
export function Detail({
  label,
  children,
  mono,
  tone,
}: {
  label: string;
  children: ReactNode;
  /** ids and bank references: monospaced, and broken anywhere rather than overflowing */
  mono?: boolean;
  tone?: 'up' | 'down';
}) {
  return (
    // Side by side; a value too long for the line (an id on a phone) wraps below its label.
    <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-0.5 py-3 text-sm">
      <dt className="shrink-0 text-subtle">{label}</dt>
      <dd
        className={clsx(
          'ml-auto min-w-0 text-right font-medium tabular-nums',
          mono && 'font-mono text-[0.8125rem] break-all',
          tone === 'up' ? 'text-up' : tone === 'down' ? 'text-down' : 'text-ink',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** A rejection's reason, or another word from whoever decided, in the record's card. */
export function RecordNotice({
  title,
  children,
  tone = 'neutral',
}: {
  title: string;
  children: ReactNode;
  tone?: 'neutral' | 'down';
}) {
  return (
    <div
      role="note"
      className={clsx(
        'rounded-xl border px-4 py-3 text-sm',
        tone === 'down' ? 'border-down/30 bg-down/8' : 'border-line bg-canvas/60',
      )}
    >
      <p className={clsx('font-medium', tone === 'down' ? 'text-down' : 'text-ink')}>{title}</p>
      <div className="mt-0.5 break-words text-muted">{children}</div>
    </div>
  );
}
