import type { createBrowserRouter } from 'react-router';
import { FROM_SIGN_IN, isPublicPath, paths, queryParams } from '@/config/paths';

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
  /** The page draws its own header row (breadcrumbs, controls): the shell leaves it out. */
  ownHeader?: boolean;
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

/** A `next` value that stays inside the app ('/settings?x=1'), never another origin ('//evil', 'https:…'). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/**
 * Where a visitor without a session goes from a page that needs one (000 §2 "Access to
 * routes"): sign-in, keeping the return location in `next`; or invite sign-up when the
 * link carries an invite id.
 */
export function signInRedirectHref(location: Pick<AppLocation, 'pathname' | 'search'>): string {
  const next = `${location.pathname}${location.search}`;
  const inviteId = new URLSearchParams(location.search).get(queryParams.inviteId);
  if (inviteId) return paths.inviteSignUp.getHref(inviteId, next);
  return paths.signIn.getHref(next === paths.home.getHref() ? undefined : next);
}

/**
 * Where a signed-in user goes from a sign-in page, and after signing in: the `next` location
 * with `from=sign-in` appended (the back helper then knows), or home.
 */
export function afterSignInHref(search: string): string {
  const next = safeNextPath(new URLSearchParams(search).get(queryParams.next));
  if (!next) return paths.home.getHref();
  const url = new URL(next, 'http://app.invalid');
  url.searchParams.set(queryParams.from, FROM_SIGN_IN);
  return `${url.pathname}${url.search}${url.hash}`;
}
