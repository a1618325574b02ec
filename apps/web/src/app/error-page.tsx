import { useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { messages } from '@sikka/contracts';
import { Logo } from '@/components/layout/logo.tsx';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { routeErrorMessage } from './route-error-message.ts';

/**
 * The router's error page (PRODUCT.md §2). It replaces the whole tree, session included, so
 * it depends on nothing but the error; its links reload the app from scratch.
 */
export function ErrorPage() {
  const error = useRouteError();
  const message = routeErrorMessage(error);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 md:px-6">
          <a href="/" aria-label="Sikka home">
            <Logo />
          </a>
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <div className="w-full max-w-xl rounded-2xl border border-line bg-surface p-6 md:p-8">
          <span className="grid size-12 place-items-center rounded-xl bg-down/15 text-down">
            <TriangleAlert className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-2xl font-bold text-ink">{messages.router.unexpected}</h1>
          <pre className="mt-4 overflow-x-auto rounded-lg border border-line bg-canvas p-4 font-mono text-sm whitespace-pre-wrap text-muted">
            {message}
          </pre>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            <a href="/" className={buttonClasses('outline')}>
              Go to home
            </a>
          </div>
        </div>
      </main>
    </div>
  );
}
