import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import type {
  HttpMethod,
  Operation,
  Parameter,
  SchemaField,
} from '@/features/static/lib/openapi.ts';

const methodColors: Record<HttpMethod, string> = {
  get: 'bg-up/15 text-up',
  post: 'bg-accent/15 text-accent',
  put: 'bg-sky-400/15 text-sky-300',
  patch: 'bg-violet-400/15 text-violet-300',
  delete: 'bg-down/15 text-down',
};

/** What the common error statuses mean for a caller of this API. */
const statusMeaning: Record<string, string> = {
  '400': 'Invalid request',
  '401': 'Not signed in',
  '403': 'Forbidden',
  '404': 'Not found',
  '409': 'Conflict',
  '413': 'Too large',
  '415': 'Wrong content type',
  '422': 'Rule not met',
  '429': 'Rate limited',
  '503': 'Unavailable for now',
};

export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <span
      className={clsx(
        'inline-flex w-16 shrink-0 justify-center rounded-md py-1 font-mono text-xs font-bold uppercase',
        methodColors[method],
      )}
    >
      {method}
    </span>
  );
}

function Notes({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {items.map((c) => (
        <code
          key={c}
          className="max-w-full rounded bg-canvas px-1.5 py-0.5 text-[11px] break-all text-subtle"
        >
          {c}
        </code>
      ))}
    </span>
  );
}

/** A table of named things (parameters, fields): each header with its width, Notes last. */
function DocTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: ReadonlyArray<{ label: string; width?: string }>;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] table-fixed text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-subtle uppercase">
          <tr>
            {headers.map(({ label, width }, i) => (
              <th
                key={label}
                scope="col"
                className={clsx(width, 'py-2', i < headers.length - 1 && 'pr-4', 'font-medium')}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Marks a parameter or field the request must have. */
function Required({ required }: { required: boolean }) {
  return required ? (
    <span className="ml-1.5 text-[11px] font-semibold text-accent">required</span>
  ) : null;
}

function NotesCell({ description, constraints }: { description?: string; constraints: string[] }) {
  return (
    <td className="py-2 text-muted">
      {description ? <span className="block">{description}</span> : null}
      <Notes items={constraints} />
    </td>
  );
}

const fieldHeaders = [
  { label: 'Field', width: 'w-[36%]' },
  { label: 'Type', width: 'w-[24%]' },
  { label: 'Notes' },
];

function FieldTable({ caption, fields }: { caption: string; fields: SchemaField[] }) {
  return (
    <DocTable caption={caption} headers={fieldHeaders}>
      {fields.map((f) => (
        <tr key={f.name} className="border-t border-line align-top">
          <td className="py-2 pr-4" style={{ paddingLeft: `${f.depth * 0.9}rem` }}>
            <code className="font-mono text-[13px] break-all text-ink">{f.name}</code>
            <Required required={f.required} />
          </td>
          <td className="py-2 pr-4">
            <code className="font-mono text-[13px] break-words text-muted">{f.type}</code>
            {f.nullable ? <span className="ml-1.5 text-[11px] text-subtle">nullable</span> : null}
          </td>
          <NotesCell description={f.description} constraints={f.constraints} />
        </tr>
      ))}
    </DocTable>
  );
}

const parameterHeaders = [
  { label: 'Name', width: 'w-[26%]' },
  { label: 'In', width: 'w-[10%]' },
  { label: 'Type', width: 'w-[24%]' },
  { label: 'Notes' },
];

function ParameterTable({ parameters }: { parameters: Parameter[] }) {
  return (
    <DocTable caption="Parameters" headers={parameterHeaders}>
      {parameters.map((p) => (
        <tr key={`${p.in}-${p.name}`} className="border-t border-line align-top">
          <td className="py-2 pr-4">
            <code className="font-mono text-[13px] text-ink">{p.name}</code>
            <Required required={p.required} />
          </td>
          <td className="py-2 pr-4 text-muted">{p.in}</td>
          <td className="py-2 pr-4">
            <code className="font-mono text-[13px] text-muted">{p.type}</code>
          </td>
          <NotesCell description={p.description} constraints={p.constraints} />
        </tr>
      ))}
    </DocTable>
  );
}

function SubHeading({ children }: { children: string }) {
  return <h4 className="text-xs font-semibold tracking-wider text-subtle uppercase">{children}</h4>;
}

/** One endpoint: method and path, summary, parameters, request body, responses. */
export function ApiOperation({ op }: { op: Operation }) {
  return (
    <article
      id={op.id}
      className="scroll-mt-24 rounded-2xl border border-line bg-surface"
      data-testid="api-operation"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line px-5 py-4">
        <MethodBadge method={op.method} />
        <h3 className="min-w-0 font-mono text-[15px] font-semibold break-all text-ink">
          {op.path}
        </h3>
        {op.summary ? <p className="w-full text-sm text-muted">{op.summary}</p> : null}
      </header>
      <div className="space-y-5 px-5 py-4">
        {op.description ? <p className="text-sm leading-6 text-muted">{op.description}</p> : null}
        {op.parameters.length > 0 ? (
          <section className="space-y-1">
            <SubHeading>Parameters</SubHeading>
            <ParameterTable parameters={op.parameters} />
          </section>
        ) : null}
        {op.body ? (
          <section className="space-y-1">
            <SubHeading>Request body</SubHeading>
            <p className="text-xs text-subtle">
              <code className="font-mono">{op.body.contentType}</code>
            </p>
            {op.body.fields.length > 0 ? (
              <FieldTable caption="Request body fields" fields={op.body.fields} />
            ) : null}
          </section>
        ) : null}
        <section className="space-y-2">
          <SubHeading>Responses</SubHeading>
          {op.success.map((r) =>
            r.fields.length > 0 ? (
              <details key={r.status} className="group rounded-xl border border-line bg-canvas/40">
                <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
                  <ChevronRight
                    className="size-4 text-subtle transition-transform group-open:rotate-90"
                    aria-hidden="true"
                  />
                  <span className="font-mono font-semibold text-up">{r.status}</span>
                  <span className="text-muted">
                    {r.description ??
                      `{ ${r.fields
                        .filter((f) => f.depth === 0)
                        .map((f) => f.name)
                        .join(', ')} }`}
                  </span>
                </summary>
                <div className="border-t border-line px-3 pb-2">
                  <FieldTable caption={`Response ${r.status} fields`} fields={r.fields} />
                </div>
              </details>
            ) : (
              <p key={r.status} className="px-3 text-sm">
                <span className="font-mono font-semibold text-up">{r.status}</span>{' '}
                <span className="text-muted">{r.description ?? 'No body'}</span>
              </p>
            ),
          )}
          {op.errors.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5 pt-1" aria-label="Error responses">
              {op.errors.map((status) => (
                <li
                  key={status}
                  className="rounded-md border border-line px-2 py-0.5 text-xs text-muted"
                >
                  <span className="font-mono font-semibold text-down">{status}</span>
                  {statusMeaning[status] ? ` ${statusMeaning[status]}` : null}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </article>
  );
}
