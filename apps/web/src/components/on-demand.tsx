import { Component, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useOnceTrue } from '@/hooks/use-once-true';
import { isChunkLoadError } from '@/lib/chunk-load-error';
import { reportError } from '@/lib/error-reporting';
import { LazyLoadFailure } from './lazy-load-failure';
import classes from './on-demand.module.css';

/**
 * Code that loads when first wanted (issue #20: a page's first load carries only what it
 * shows): `children` (lazy components) mount from the first render where `when` is true on,
 * so a dialog's code is fetched the first time it opens and stays mounted for its closing
 * transition. If that code cannot be fetched (a new deployment, the network), a dialog shows
 * the seeds' lazy-load failure: a countdown, then a reload (000 §2).
 */
export function OnDemand({
  when,
  children,
  fallback = null,
}: {
  when: boolean;
  children: ReactNode;
  /** Shown until the code is wanted and while it loads (a menu's button). */
  fallback?: ReactNode;
}) {
  const used = useOnceTrue(when);
  if (!used) return fallback;
  return (
    <LoadFailureBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadFailureBoundary>
  );
}

interface BoundaryState {
  error: unknown;
  dismissed: boolean;
}

/** Catches a chunk that failed to load; any other error goes on to the page's boundary. */
class LoadFailureBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, dismissed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) reportError(error, { lazy: 'on-demand' });
  }

  override render() {
    const { error, dismissed } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    if (dismissed) return null;
    return <LoadFailureDialog onClose={() => this.setState({ dismissed: true })} />;
  }
}

/**
 * The failure as a dialog over the page. The browser's own modal dialog (focus, Escape, the
 * top layer) rather than the UI kit's: when code cannot be fetched, this must not need any.
 */
function LoadFailureDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className={classes.failureDialog} onClose={onClose} onCancel={onClose}>
      <LazyLoadFailure fullScreen={false} />
    </dialog>
  );
}
