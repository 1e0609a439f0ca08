import { Modal } from '@mantine/core';
import { Component, type ReactNode, Suspense } from 'react';
import { useOnceTrue } from '@/hooks/use-once-true';
import { isChunkLoadError } from '@/lib/chunk-load-error';
import { reportError } from '@/lib/error-reporting';
import { LazyLoadFailure } from './lazy-load-failure';

/**
 * Code that loads when first wanted (issue #20: a page's first load carries only what it
 * shows): `children` (lazy components) mount from the first render where `when` is true on,
 * so a dialog's code is fetched the first time it opens and stays mounted for its closing
 * transition. If that code cannot be fetched (a new deployment, the network), a dialog shows
 * the seeds' lazy-load failure: a countdown, then a reload (000 §2).
 */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  const used = useOnceTrue(when);
  if (!used) return null;
  return (
    <LoadFailureBoundary>
      <Suspense fallback={null}>{children}</Suspense>
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
    return (
      <Modal
        opened={!dismissed}
        onClose={() => this.setState({ dismissed: true })}
        withCloseButton={false}
        centered
      >
        <LazyLoadFailure fullScreen={false} />
      </Modal>
    );
  }
}
