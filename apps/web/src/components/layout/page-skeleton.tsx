import { SkeletonBlock } from './skeleton-block.tsx';

/** Content-area placeholder while a page's code or the session is still on its way. */
export function PageSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading page"
      className="mx-auto w-full max-w-7xl px-4 py-10 md:px-6"
    >
      <SkeletonBlock className="h-8 w-56" />
      <SkeletonBlock className="mt-3 h-4 w-80 max-w-full" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SkeletonBlock className="h-32" />
        <SkeletonBlock className="h-32" />
        <SkeletonBlock className="hidden h-32 lg:block" />
      </div>
      <SkeletonBlock className="mt-6 h-64" />
    </div>
  );
}
