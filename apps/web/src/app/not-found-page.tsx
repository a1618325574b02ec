import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { buttonClasses } from '@/components/ui/button.tsx';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-accent/10 text-accent">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 font-mono text-sm font-semibold tracking-widest text-accent">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink md:text-4xl">
        Page not found
      </h1>
      <p className="mt-3 max-w-md text-muted">
        The page you are looking for does not exist or has moved. Check the address, or carry on
        from one of these.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
          Back to home
        </Link>
        <Link to={paths.markets} className={buttonClasses('outline', 'lg')}>
          Browse markets
        </Link>
      </div>
    </div>
  );
}
