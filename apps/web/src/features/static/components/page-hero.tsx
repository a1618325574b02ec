import type { ReactNode } from 'react';

export interface PageHeroProps {
  /** Small accent line above the title, e.g. the section the page belongs to. */
  eyebrow: string;
  title: string;
  description?: ReactNode;
  /** Extra content under the description (buttons, a search box, a date). */
  children?: ReactNode;
}

/** The heading band every static page opens with: same rhythm and glow on each. */
export function PageHero({ eyebrow, title, description, children }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden border-b border-line">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_55%_80%_at_85%_0%,color-mix(in_oklab,var(--color-accent)_12%,transparent),transparent)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-10 md:px-6 md:py-14">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight text-balance text-ink md:text-5xl">
          {title}
        </h1>
        {description ? (
          <p className="mt-4 max-w-2xl text-base leading-7 text-muted md:text-lg">{description}</p>
        ) : null}
        {children}
      </div>
    </section>
  );
}
