import { CalendarDays } from 'lucide-react';
import {
  POLICY_LAST_UPDATED,
  type PolicyBlock,
  type PolicyDocument,
} from '@/features/static/content/policy.ts';
import { PageHero } from './page-hero.tsx';

function Block({ block }: { block: PolicyBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-accent">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * A legal document: numbered sections with a table of contents that stays in view on wide
 * screens, so a reader can jump straight to, say, data retention.
 */
export function PolicyPage({ eyebrow, document }: { eyebrow: string; document: PolicyDocument }) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={document.title} description={document.summary}>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-sm text-muted">
          <CalendarDays className="size-4 text-accent" aria-hidden="true" />
          Last updated: {POLICY_LAST_UPDATED}
        </p>
      </PageHero>
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-10 md:px-6 md:py-14 lg:grid-cols-[15rem_1fr]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wider text-subtle uppercase">
              On this page
            </p>
            <ol className="mt-3 space-y-1 border-l border-line">
              {document.sections.map((section, i) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent py-1.5 pl-4 text-sm text-muted hover:border-accent hover:text-ink"
                  >
                    {i + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="max-w-3xl space-y-10">
          {document.sections.map((section, i) => (
            <section key={section.id} id={section.id} className="scroll-mt-24">
              <h2 className="text-xl font-semibold text-ink md:text-2xl">
                <span className="mr-2 text-accent tabular-nums">{i + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-[15px] leading-7 text-muted">
                {section.body.map((block, j) => (
                  <Block key={j} block={block} />
                ))}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
