import { NotFoundView } from '@/components/not-found-view';

/** Catch-all page (000 §2). Public. */
export function NotFoundPage() {
  return <NotFoundView />;
}
