import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';

export interface PlaceholderPageProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A tidy stand-in for a screen whose content another change delivers. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 md:px-6 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{title}</h1>
      {description ? <p className="mt-3 max-w-2xl text-base text-muted">{description}</p> : null}
      {children}
      <div className="mt-10 flex items-center gap-4 rounded-2xl border border-dashed border-line-strong bg-surface/60 p-6 md:p-8">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-raised text-accent">
          <Construction className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm text-muted">
          This section is being prepared. Check back shortly for the full experience.
        </p>
      </div>
    </div>
  );
}
