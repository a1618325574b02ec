import { useDeferredValue, useMemo, useState } from 'react';
import { clsx } from 'clsx';
import { AlertCircle, Braces, Cookie, IndianRupee, Radio, ShieldAlert } from 'lucide-react';
import { REALTIME_PATH } from '@sikka/contracts';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SkeletonBlock } from '@/components/layout/skeleton-block.tsx';
import { useApiReference, OPENAPI_PATH } from '@/features/static/api/get-openapi.ts';
import { ApiOperation } from '@/features/static/components/api-operation.tsx';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import { filterReference } from '@/features/static/lib/openapi.ts';

const basics = [
  {
    icon: Cookie,
    title: 'Sessions',
    text: 'Sign in with POST /api/auth/login; the answer sets an httpOnly session cookie that every other call sends. Changes must be JSON (or multipart for KYC) from the same origin.',
  },
  {
    icon: IndianRupee,
    title: 'Money as strings',
    text: 'Amounts travel as decimal strings, e.g. "1234.50" INR or "12.00000000" USDT, never as floating-point numbers.',
  },
  {
    icon: Braces,
    title: 'Errors',
    text: 'Every error is {"error": {"code", "message"}}, with "fields" added for validation errors. Codes are stable; messages are for people.',
  },
  {
    icon: Radio,
    title: 'Realtime',
    text: `A WebSocket at ${REALTIME_PATH} sends a ticker snapshot on connect, then changed coins every second, and balance events for the signed-in user.`,
  },
] as const;

/** The mark of the admin section, in its heading and in the side navigation. */
function AdminOnlyBadge() {
  return (
    <span className="rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 text-[11px] font-semibold tracking-normal text-accent normal-case">
      Admin only
    </span>
  );
}

const groupId = (name: string) => `group-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function LoadingReference() {
  return (
    <div role="status" aria-label="Loading the API reference" className="space-y-4">
      {[0, 1, 2].map((i) => (
        <SkeletonBlock key={i} className="h-40" />
      ))}
    </div>
  );
}

export default function ApiDocsPage() {
  const reference = useApiReference();
  const [query, setQuery] = useState('');
  // Typing stays responsive while the long list re-renders.
  const deferredQuery = useDeferredValue(query);
  const groups = useMemo(
    () => (reference.data ? filterReference(reference.data, deferredQuery) : []),
    [reference.data, deferredQuery],
  );

  return (
    <>
      <PageHero
        eyebrow="Developers"
        title="API Documentation"
        description="The HTTP API behind Sikka, generated from the same contracts the server validates with. Every endpoint, its parameters, its request body and its answers."
      >
        <div className="mt-6 flex flex-wrap gap-3 text-sm">
          {reference.data ? (
            <span className="rounded-full border border-line bg-surface px-3 py-1.5 text-muted">
              {reference.data.title} · v{reference.data.version} · {reference.data.operationCount}{' '}
              endpoints
            </span>
          ) : null}
          <a
            href={OPENAPI_PATH}
            className="rounded-full border border-line bg-surface px-3 py-1.5 text-accent hover:border-accent"
          >
            OpenAPI 3 document (JSON)
          </a>
        </div>
      </PageHero>

      <div className="mx-auto w-full max-w-7xl px-4 py-10 md:px-6 md:py-14">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {basics.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-surface p-5">
              <Icon className="size-5 text-accent" aria-hidden="true" />
              <h2 className="mt-3 font-semibold text-ink">{title}</h2>
              <p className="mt-1.5 text-sm leading-6 text-muted">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-10 grid gap-8 lg:grid-cols-[15rem_1fr]">
          <aside className="lg:sticky lg:top-24 lg:h-fit">
            <SearchField
              label="Search endpoints"
              value={query}
              onChange={setQuery}
              placeholder="Search endpoints"
            />
            {groups.length > 0 ? (
              <nav
                aria-label="Endpoint groups"
                className="mt-5 hidden max-h-[calc(100dvh-12rem)] overflow-y-auto lg:block"
              >
                <ul className="space-y-4">
                  {groups.map((group) => (
                    <li key={group.name}>
                      <a
                        href={`#${groupId(group.name)}`}
                        className="flex items-center gap-2 text-xs font-semibold tracking-wider text-subtle uppercase hover:text-ink"
                      >
                        {group.name}
                        {group.restricted ? <AdminOnlyBadge /> : null}
                      </a>
                      <ul className="mt-1.5 space-y-0.5">
                        {group.operations.map((op) => (
                          <li key={op.id}>
                            <a
                              href={`#${op.id}`}
                              className="flex items-center gap-2 rounded-md px-1.5 py-1 text-xs text-muted hover:bg-raised hover:text-ink"
                            >
                              <span className="w-10 shrink-0 font-mono text-[10px] font-bold uppercase">
                                {op.method}
                              </span>
                              <span className="truncate font-mono">
                                {op.path.replace(/^\/api/, '')}
                              </span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </aside>

          <div className="min-w-0">
            {reference.isPending ? (
              <LoadingReference />
            ) : reference.isError ? (
              <div role="alert" className="rounded-2xl border border-down/40 bg-down/5 p-6">
                <div className="flex items-center gap-2 font-semibold text-down">
                  <AlertCircle className="size-5" aria-hidden="true" />
                  The API reference could not be loaded.
                </div>
                <p className="mt-2 text-sm text-muted">Check your connection and try again.</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-4"
                  onClick={() => void reference.refetch()}
                >
                  Try again
                </Button>
              </div>
            ) : groups.length === 0 ? (
              <p className="rounded-2xl border border-line bg-surface p-6 text-muted">
                No endpoint matches &ldquo;{query}&rdquo;.
              </p>
            ) : (
              <div className="space-y-12">
                {groups.map((group) => (
                  <section
                    key={group.name}
                    id={groupId(group.name)}
                    className={clsx(
                      'scroll-mt-24',
                      // The admin tools: set apart by a rule and marked, so no customer
                      // mistakes them for something they can call.
                      group.restricted && 'border-t border-line pt-10',
                    )}
                    aria-labelledby={`${groupId(group.name)}-heading`}
                    data-restricted={group.restricted ? 'true' : undefined}
                  >
                    <h2
                      id={`${groupId(group.name)}-heading`}
                      className="flex flex-wrap items-center gap-3 text-2xl font-semibold text-ink"
                    >
                      {group.name}
                      <span className="text-sm font-normal text-subtle">
                        {group.operations.length}
                      </span>
                      {group.restricted ? <AdminOnlyBadge /> : null}
                    </h2>
                    {group.restricted ? (
                      <p className="mt-3 flex gap-2 rounded-xl border border-accent/30 bg-accent/5 p-4 text-sm leading-6 text-muted">
                        <ShieldAlert
                          className="mt-0.5 size-4 shrink-0 text-accent"
                          aria-hidden="true"
                        />
                        {group.description ??
                          'For the Sikka admin only: these routes refuse everyone else.'}
                      </p>
                    ) : null}
                    <div className="mt-5 space-y-4">
                      {group.operations.map((op) => (
                        <ApiOperation key={op.id} op={op} />
                      ))}
                    </div>
                  </section>
                ))}
              </div>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
