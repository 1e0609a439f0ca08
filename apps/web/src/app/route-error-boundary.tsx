import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { LazyLoadFailure } from '@/components/lazy-load-failure';
import { NotFoundView } from '@/components/not-found-view';
import { isChunkLoadError } from '@/lib/chunk-load-error';
import { reportError } from '@/lib/error-reporting';

/**
 * errorElement of the routes: a page chunk that failed to load gets the reload countdown,
 * a 404 response the not-found page, anything else a friendly error view (never blank).
 * Inside the shell (`inShell`) the view fills the content area and the sidebar stays.
 */
export function RouteErrorBoundary({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!chunkError && !notFound) reportError(error, { boundary: 'route' });
  }, [error, chunkError, notFound]);

  if (chunkError) return <LazyLoadFailure fullScreen={!inShell} />;
  if (notFound) return <NotFoundView fullScreen={!inShell} />;
  return <ErrorView fullScreen={!inShell} />;
}
