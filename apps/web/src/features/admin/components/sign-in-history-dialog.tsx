import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser, SignInEvent } from '@sikka/contracts';
import { DateTime } from '@/components/ui/date-time.tsx';
import { adminSignInsQueryOptions } from '@/features/admin/api/admin-sign-ins.ts';
import { AdminDialog } from './admin-dialog.tsx';
import { AdminTable, type Column } from './admin-table.tsx';
import { PagedListState } from './list-state.tsx';

const FETCH_FAILED = 'Failed to fetch the sign-in history';

const METHODS: Record<SignInEvent['method'], string> = {
  password: 'Password',
  two_factor: 'Password + code',
  passkey: 'Passkey',
};

const OUTCOMES: Record<SignInEvent['outcome'], string> = {
  success: 'Signed in',
  wrong_password: 'Wrong password',
  wrong_code: 'Wrong code',
  throttled: 'Refused: too many tries',
  code_required: 'Code asked for',
};

/** The result in words, green when it let someone in and red when it was refused. */
function Outcome({ event }: { event: SignInEvent }) {
  const tone =
    event.outcome === 'success'
      ? 'text-up'
      : event.outcome === 'code_required'
        ? 'text-muted'
        : 'text-down';
  return <span className={`font-medium ${tone}`}>{OUTCOMES[event.outcome]}</span>;
}

const columns: ReadonlyArray<Column<SignInEvent>> = [
  { key: 'when', header: 'When', cell: (e) => <DateTime iso={e.createdAt} />, nowrap: true },
  {
    key: 'ip',
    header: 'IP address',
    cell: (e) => <span className="font-mono text-xs break-all">{e.ip}</span>,
  },
  {
    key: 'device',
    header: 'Device',
    cell: (e) => (
      <>
        {e.device}
        {e.newDevice ? <span className="ml-1.5 text-xs text-accent">(new)</span> : null}
      </>
    ),
  },
  { key: 'method', header: 'Method', cell: (e) => METHODS[e.method] },
  { key: 'result', header: 'Result', cell: (e) => <Outcome event={e} /> },
];

/** An admin's look at one user's sign-ins: when, from where, on what, how, and the result. */
export function SignInHistoryDialog({ user, onClose }: { user: AdminUser; onClose(): void }) {
  const [page, setPage] = useState(1);
  const query = useQuery(adminSignInsQueryOptions(user.id, page));
  return (
    <AdminDialog
      open
      onClose={onClose}
      size="lg"
      title={`Sign-in history: ${user.fullName}`}
      description={`${user.email} · the last 90 days, newest first`}
    >
      <div className="space-y-4">
        <PagedListState query={query} failedMessage={FETCH_FAILED} onPage={setPage}>
          {(items) => (
            <AdminTable
              label="Sign-ins"
              columns={columns}
              rows={items}
              rowKey={(e) => e.id}
              cardTitle={(e) => (
                <p className="text-sm">
                  <Outcome event={e} /> · <DateTime iso={e.createdAt} />
                </p>
              )}
              cardSkip={['when', 'result']}
              empty="No sign-ins in the last 90 days"
            />
          )}
        </PagedListState>
      </div>
    </AdminDialog>
  );
}
