import { clsx } from 'clsx';
import { AlertTriangle, Bell, Megaphone } from 'lucide-react';
import { announcements } from '@/features/static/content/announcements.ts';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import { formatCalendarDate } from '@/lib/format-date.ts';

const typeLabel = { announcement: 'Announcement', notice: 'Notice' } as const;

export default function AnnouncementsPage() {
  // Newest first, whatever order the content file keeps.
  const items = [...announcements].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <>
      <PageHero
        eyebrow="Announcements"
        title="Product updates and notices"
        description="Maintenance windows, policy changes and new features. Important notices are marked so you never miss one."
      />
      <div className="mx-auto w-full max-w-4xl px-4 py-12 md:px-6 md:py-16">
        <ol className="space-y-4">
          {items.map((item) => {
            const Icon = item.type === 'notice' ? Bell : Megaphone;
            return (
              <li key={item.id}>
                <article
                  className={clsx(
                    'rounded-2xl border bg-surface p-6',
                    item.important ? 'border-accent/40' : 'border-line',
                  )}
                >
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="inline-flex items-center gap-1.5 rounded-full bg-raised px-2.5 py-0.5 font-medium text-ink">
                      <Icon className="size-3.5 text-accent" aria-hidden="true" />
                      {typeLabel[item.type]}
                    </span>
                    <span className="rounded-full border border-line px-2.5 py-0.5 text-muted">
                      {item.category}
                    </span>
                    {item.important ? (
                      <span className="inline-flex items-center gap-1.5 rounded-full bg-accent px-2.5 py-0.5 font-semibold text-accent-ink">
                        <AlertTriangle className="size-3.5" aria-hidden="true" />
                        Important
                      </span>
                    ) : null}
                    <time dateTime={item.date} className="ml-auto text-subtle">
                      {formatCalendarDate(item.date)}
                    </time>
                  </div>
                  <h2 className="mt-4 text-xl font-semibold text-ink">{item.title}</h2>
                  <p className="mt-2 leading-7 text-muted">{item.body}</p>
                </article>
              </li>
            );
          })}
        </ol>
      </div>
    </>
  );
}
