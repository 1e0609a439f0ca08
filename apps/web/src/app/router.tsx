import { messages } from '@hookline/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { webTexts } from '@/config/texts';
import type { RouteHandle } from '@/lib/navigation';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppShell } from './shell/app-shell';

/** Never rendered: the failed page's loader throws first. Keeps React Router from warning. */
function UnloadedPage() {
  return null;
}

/**
 * A lazily loaded page. When its code fails to load, React Router would keep the route in
 * a "still loading" state and render nothing under the parent; instead the route gets a
 * loader that throws the load error, so its errorElement shows the lazy-load failure screen.
 */
export function lazyPage(load: () => Promise<ComponentType>): NonNullable<RouteObject['lazy']> {
  return async () => {
    try {
      return { Component: await load() };
    } catch (error) {
      return {
        Component: UnloadedPage,
        loader: () => {
          throw error;
        },
      };
    }
  };
}

/**
 * The route table. Every page is lazy-loaded; a route exists only when its page does
 * (seed routes arrive with their features). `handle.title` names the page, `handle.public`
 * marks pages that need no sign-in.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        path: paths.home.path,
        element: <AppShell />,
        children: [
          {
            index: true,
            handle: { title: webTexts.shell.overview } satisfies RouteHandle,
            errorElement: <RouteErrorBoundary inShell />,
            lazy: lazyPage(async () => (await import('@/features/system/routes/overview-page')).OverviewPage),
          },
        ],
      },
      {
        path: paths.generalError.path,
        handle: { title: messages.generalError.title, public: true } satisfies RouteHandle,
        lazy: lazyPage(async () => (await import('./routes/general-error')).GeneralErrorPage),
      },
      {
        path: '*',
        handle: { title: messages.notFound.title, public: true } satisfies RouteHandle,
        lazy: lazyPage(async () => (await import('./routes/not-found')).NotFoundPage),
      },
    ],
  },
];

export function createAppRouter(routeTable: RouteObject[] = routes) {
  return createBrowserRouter(routeTable);
}
