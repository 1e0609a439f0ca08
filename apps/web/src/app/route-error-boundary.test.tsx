import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { RouteErrorBoundary } from './route-error-boundary';
import { lazyPage, routes } from './router';

/** The app's route table with the overview page's chunk failing to load. */
function routesWithBrokenOverview(error: Error): RouteObject[] {
  const [root] = routes;
  const shell = root?.children?.[0];
  const overview = shell?.children?.[0];
  if (!root || !shell || !overview) throw new Error('unexpected route table');
  const brokenShell = { ...shell, children: [{ ...overview, lazy: lazyPage(() => Promise.reject(error)) }] };
  return [{ ...root, children: [brokenShell, ...(root.children ?? []).slice(1)] } as RouteObject];
}

function Broken(): never {
  throw new Error('boom');
}

describe('route errors', () => {
  it('a page chunk that fails to load shows the reload countdown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([
      {
        path: '/',
        errorElement: <RouteErrorBoundary />,
        lazy: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/page-1a2b.js')),
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'An error occurred while loading the page' }),
    ).toBeTruthy();
    expect(screen.getByText('The page will reload in 10 s.')).toBeTruthy();
  });

  it('in the app, a page whose chunk fails shows the countdown inside the shell (sidebar kept)', async () => {
    renderRoutes(
      routesWithBrokenOverview(
        new TypeError('Failed to fetch dynamically imported module: /assets/overview.js'),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'An error occurred while loading the page' }),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload now' })).toBeTruthy();
  });

  it('in the app, any other page load error shows the error view inside the shell', async () => {
    renderRoutes(routesWithBrokenOverview(new Error('Unexpected token in module')));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('any other error shows a friendly error view, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '/', errorElement: <RouteErrorBoundary />, Component: Broken }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Please refresh and try again')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
