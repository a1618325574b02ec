import { Info } from 'lucide-react';
import type { ReactNode } from 'react';

/** An amber notice box listing points the user should read before moving money. */
export function Notices({ title = 'Important', items }: { title?: string; items: ReactNode[] }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-accent/25 bg-accent/[0.06] p-5"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold text-accent">
        <Info className="size-4" aria-hidden="true" />
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-muted">
        {items.map((item, i) => (
          <li key={i} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-1 shrink-0 rounded-full bg-accent/70" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
