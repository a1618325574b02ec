import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/** The download of a deferred part's code failed (offline, or a deploy replaced the file). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadError';
  }
}

interface BoundaryProps {
  failed: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Shows `failed` in place of a part whose code could not be downloaded. Any other error (a bug
 * in the part itself) goes on to the router's error page, as it would without this boundary.
 */
class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return this.props.failed(this.retry);
  }
}

export interface DeferredProps {
  /** Shown while the code downloads. */
  fallback?: ReactNode;
  /** Shown if the download fails; `retry` asks for the code again. Nothing by default. */
  failed?: (retry: () => void) => ReactNode;
}

/**
 * A part of the page that is not needed at start (the toaster, the cookie banner, a dialog, a
 * panel below the fold), with its code downloaded on first render. Unlike a bare `lazy`, a failed
 * download never takes the page down: the part shows `failed` instead, and a retry makes a
 * fresh request rather than replaying the first failure (`lazy` remembers it for good).
 */
export function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const attempt = () =>
    lazy(async () => {
      try {
        return await load();
      } catch (error) {
        throw new ChunkLoadError(error);
      }
    });
  let Lazy = attempt();
  function Deferred({ fallback = null, failed = () => null, ...props }: P & DeferredProps) {
    const [, setAttempts] = useState(0);
    const onRetry = useCallback(() => {
      Lazy = attempt();
      setAttempts((n) => n + 1);
    }, []);
    return (
      <ChunkBoundary failed={failed} onRetry={onRetry}>
        <Suspense fallback={fallback}>
          <Lazy {...(props as P)} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return Deferred;
}

/**
 * For a part the user did not ask for (the toaster): no message, but a new try when the browser
 * is back online or after `afterMs`, whichever comes first.
 */
export function RetryLater({ retry, afterMs = 10_000 }: { retry: () => void; afterMs?: number }) {
  useEffect(() => {
    const timer = setTimeout(retry, afterMs);
    window.addEventListener('online', retry, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', retry);
    };
  }, [retry, afterMs]);
  return null;
}
