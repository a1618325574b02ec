import { LogoMark } from './logo.tsx';
import { SkeletonBlock } from './skeleton-block.tsx';

/** The site header in outline: the start-up skeleton's and the pre-rendered first screens' top. */
export function HeaderSkeleton() {
  return (
    <div className="border-b border-line bg-surface/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 md:px-6">
        <LogoMark className="size-8 opacity-60" />
        <div className="hidden items-center gap-6 md:flex">
          <SkeletonBlock className="h-4 w-16" />
          <SkeletonBlock className="h-4 w-16" />
          <SkeletonBlock className="h-4 w-24" />
        </div>
        <div className="ml-auto flex items-center gap-3">
          <SkeletonBlock className="hidden h-9 w-20 md:block" />
          <SkeletonBlock className="h-9 w-9 md:w-24" />
        </div>
      </div>
    </div>
  );
}

/** The whole layout in outline, shown on start (PRODUCT.md §2: 1.5 s). */
export function AppSkeleton() {
  return (
    <div role="status" aria-label="Loading Sikka" className="flex min-h-dvh flex-col">
      <HeaderSkeleton />
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-12 md:px-6 md:py-16">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <SkeletonBlock className="h-10 w-4/5" />
            <SkeletonBlock className="mt-3 h-10 w-3/5" />
            <SkeletonBlock className="mt-6 h-4 w-full max-w-md" />
            <SkeletonBlock className="mt-2 h-4 w-2/3 max-w-sm" />
            <div className="mt-8 flex gap-3">
              <SkeletonBlock className="h-12 w-36" />
              <SkeletonBlock className="h-12 w-36" />
            </div>
          </div>
          <SkeletonBlock className="h-72" />
        </div>
        <div className="mt-12 grid gap-4 sm:grid-cols-3">
          <SkeletonBlock className="h-28" />
          <SkeletonBlock className="h-28" />
          <SkeletonBlock className="h-28" />
        </div>
      </div>
      <span className="sr-only">Loading Sikka…</span>
    </div>
  );
}
