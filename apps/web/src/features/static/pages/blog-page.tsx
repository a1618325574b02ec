import { clsx } from 'clsx';
import { Clock } from 'lucide-react';
import { blogPosts, type BlogPost } from '@/features/static/content/blog-posts.ts';
import { BlogArtwork } from '@/features/static/components/blog-artwork.tsx';
import { PageHero } from '@/features/static/components/page-hero.tsx';
import { formatCalendarDate } from '@/lib/format-date.ts';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

function PostCard({ post, featured }: { post: BlogPost; featured: boolean }) {
  return (
    <article
      className={clsx(
        'flex flex-col overflow-hidden rounded-2xl border border-line bg-surface',
        featured && 'lg:col-span-2 lg:flex-row',
      )}
    >
      <div className={clsx('aspect-video shrink-0', featured && 'lg:aspect-auto lg:w-1/2')}>
        <BlogArtwork kind={post.image} className="size-full" />
      </div>
      <div className={clsx('flex flex-1 flex-col p-6', featured && 'lg:p-8')}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="rounded-full bg-accent/10 px-2.5 py-0.5 font-medium text-accent">
            {post.category}
          </span>
          <time dateTime={post.date} className="text-subtle">
            {formatCalendarDate(post.date)}
          </time>
          <span className="inline-flex items-center gap-1 text-subtle">
            <Clock className="size-3.5" aria-hidden="true" />
            {post.readMinutes} min read
          </span>
        </div>
        <h2
          className={clsx(
            'mt-4 font-semibold tracking-tight text-ink',
            featured ? 'text-2xl md:text-3xl' : 'text-xl',
          )}
        >
          {post.title}
        </h2>
        <p className="mt-3 flex-1 leading-7 text-muted">{post.excerpt}</p>
        <div className="mt-6 flex items-center gap-3 border-t border-line pt-5">
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-raised text-sm font-semibold text-ink"
          >
            {initials(post.author)}
          </span>
          <p className="text-sm leading-5">
            <span className="block font-medium text-ink">{post.author}</span>
            <span className="text-subtle">{post.authorRole}</span>
          </p>
        </div>
      </div>
    </article>
  );
}

export default function BlogPage() {
  return (
    <>
      <PageHero
        eyebrow="Sikka Blog"
        title="News, guides and insights"
        description="Plain-language explainers on crypto tax, stablecoins and getting the most out of Sikka, written by the people who build it."
      />
      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-2">
        {blogPosts.map((post, i) => (
          <PostCard key={post.id} post={post} featured={i === 0} />
        ))}
      </div>
    </>
  );
}
