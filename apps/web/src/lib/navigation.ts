import type { createBrowserRouter } from 'react-router';
import { isPublicPath } from '@/config/paths';

/**
 * Navigation for code that runs outside React components (the API client, the upgrade
 * prompt rendered by the providers). The app registers its data router; before that,
 * the browser location is used.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface AppNavigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  getLocation(): AppLocation;
  /** True on pages that need no sign-in (a 401 there must not redirect). */
  isPublicLocation(): boolean;
}

const windowNavigator: AppNavigator = {
  navigate: (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to)),
  getLocation: () => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
  }),
  isPublicLocation: () => isPublicPath(window.location.pathname),
};

let current: AppNavigator = windowNavigator;

export function registerNavigator(navigator: AppNavigator): () => void {
  current = navigator;
  return () => {
    if (current === navigator) current = windowNavigator;
  };
}

type DataRouter = ReturnType<typeof createBrowserRouter>;

/** Route `handle` fields the shell and the navigation read. */
export interface RouteHandle {
  /** Page title shown in the header row and the document title. */
  title?: string;
  /** Page is reachable without sign-in. */
  public?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** Lets non-React code navigate through the app's data router. */
export function registerRouter(router: DataRouter): () => void {
  return registerNavigator({
    navigate: (to, options) => {
      void router.navigate(to, options);
    },
    getLocation: () => router.state.location,
    isPublicLocation: () =>
      isPublicPath(router.state.location.pathname) ||
      router.state.matches.some((m) => isRouteHandle(m.route.handle) && m.route.handle.public === true),
  });
}

export const navigateTo = (to: string, options?: { replace?: boolean }) => current.navigate(to, options);
export const getCurrentLocation = (): AppLocation => current.getLocation();
export const isOnPublicPage = (): boolean => current.isPublicLocation();
