import { clsx } from 'clsx';

/** The Sikka mark: a gold coin with a rupee stroke, plus the word mark. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('shrink-0', className)}>
      <circle cx="16" cy="16" r="15" fill="var(--color-accent)" />
      <circle
        cx="16"
        cy="16"
        r="11.5"
        fill="none"
        stroke="var(--color-canvas)"
        strokeWidth="1.6"
        opacity="0.35"
      />
      <path
        d="M11 10.5h10M11 14h10M11 10.5c5.5 0 7 1.6 7 3.5s-1.5 3.5-7 3.5l7.5 5"
        fill="none"
        stroke="var(--color-canvas)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-8" />
      <span className="text-xl font-bold tracking-tight text-ink">Sikka</span>
    </span>
  );
}
