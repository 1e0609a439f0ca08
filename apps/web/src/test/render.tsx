import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { BrandVariantContext, type WebBrandVariant } from '@/config/brand-variant';
import { registerRouter } from '@/lib/navigation';
import { createQueryClient } from '@/lib/query-client';

const cleanups: Array<() => void> = [];

/** Called after each test by the setup file. */
export function runTestCleanups() {
  while (cleanups.length) cleanups.pop()?.();
}

export interface RenderOptions {
  queryClient?: QueryClient;
  brand?: WebBrandVariant;
  /** userEvent that advances fake timers. */
  fakeTimers?: boolean;
}

function Wrapper({ children, queryClient, brand }: { children: ReactNode } & RenderOptions) {
  const content = (
    <AppProviders env="test" queryClient={queryClient}>
      {children}
    </AppProviders>
  );
  return brand ? (
    <BrandVariantContext.Provider value={brand}>{content}</BrandVariantContext.Provider>
  ) : (
    content
  );
}

function makeUser(fakeTimers?: boolean) {
  return userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
}

export function renderWithProviders(ui: ReactNode, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  const user = makeUser(options.fakeTimers);
  const utils = render(
    <Wrapper queryClient={queryClient} brand={options.brand}>
      {ui}
    </Wrapper>,
  );
  return { ...utils, user, queryClient };
}

/** Renders a data router in memory, registered for the API client's navigation like the app's. */
export function renderRoutes(
  routes: RouteObject[],
  options: RenderOptions & { initialEntries?: string[] } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  cleanups.push(registerRouter(router));
  cleanups.push(() => router.dispose());
  const rendered = renderWithProviders(<RouterProvider router={router} />, options);
  return { ...rendered, router };
}

/** The whole app (its route table, guards and lazy pages) at one location, as a user opens it. */
export function renderApp(entry: string, options: RenderOptions = {}) {
  return renderRoutes(routes, { ...options, initialEntries: [entry] });
}
