import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '@/test/identity';
import { renderRoutes } from '@/test/render';
import { RouteErrorBoundary } from './route-error-boundary';
import { lazyPage, routes } from './router';

/** The app's route table with the home page's (the library's) chunk failing to load. */
function routesWithBrokenOverview(error: Error): RouteObject[] {
  const replace = (list: RouteObject[]): RouteObject[] =>
    list.map((route) =>
      route.id === 'library'
        ? ({ ...route, lazy: lazyPage(() => Promise.reject(error)) } as RouteObject)
        : ({ ...route, children: route.children && replace(route.children) } as RouteObject),
    );
  return replace(routes);
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
    signIn();
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
    signIn();
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
