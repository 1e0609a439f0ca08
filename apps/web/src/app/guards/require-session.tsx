import { authMessages, commonMessages } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconBuildingStore, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { StatusScreen } from '@/components/status-screen';
import { paths, queryParams } from '@/config/paths';
import { identityLabels } from '@/config/texts/identity-labels';
import { brandsQueryOptions, resolveActiveBrand } from '@/entities/brand';
import { profileQueryOptions } from '@/entities/profile';
import { signOut } from '@/features/auth/api/logout';
import { isApiError } from '@/lib/api-client';
import { buildLink } from '@/lib/link-builder';
import { signInRedirectHref } from '@/lib/navigation';
import { getSessionEndReason, useAccessToken } from '@/lib/session';

/** Shared-link visitors' gate: loaded only when a link is opened without a session. */
const VisitorGate = lazy(async () => ({
  default: (await import('@/features/sharing/components/visitor-gate')).VisitorGate,
}));

/**
 * The guard of every page that needs sign-in (000 §2 "Access to routes"). Without a session:
 * sign-in with the page as `next` (invite sign-up when the link has an inviteId; plain
 * sign-in after signing out). With one: the brands and the profile load before any page.
 */
export function RequireSession() {
  const token = useAccessToken();
  const location = useLocation();
  if (!token) {
    // A shared link opens its items without sign-in (features/sharing).
    if (new URLSearchParams(location.search).has(queryParams.shareToken))
      return (
        <Suspense fallback={<PageLoader />}>
          <VisitorGate />
        </Suspense>
      );
    const to = getSessionEndReason() === 'signed-out' ? paths.signIn.getHref() : signInRedirectHref(location);
    return <Navigate to={to} replace />;
  }
  return <BrandGate />;
}

/** 401 signs out through the API client; a 404 for the brands signs out here (000 §8). */
function isSigningOut(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 404);
}

/**
 * No brands → the general error page; brands that fail to load → 'Failed to load brands'
 * with a retry. The active brand (from brandId/accountId, else the first of the user's own
 * account) is written into the URL, and a brand that has not finished onboarding goes there.
 */
function BrandGate() {
  const location = useLocation();
  const brands = useQuery(brandsQueryOptions());
  const profile = useQuery(profileQueryOptions());

  const brandsNotFound = isApiError(brands.error) && brands.error.status === 404;
  useEffect(() => {
    if (brandsNotFound) void signOut();
  }, [brandsNotFound]);

  if (brands.isError) {
    if (isSigningOut(brands.error)) return <PageLoader />;
    return <FailedToLoadBrands retrying={brands.isFetching} onRetry={() => void brands.refetch()} />;
  }
  if (profile.isError) {
    if (isSigningOut(profile.error)) return <PageLoader />;
    return <ErrorView onReload={() => void profile.refetch()} />;
  }
  if (!brands.data || !profile.data) return <PageLoader />;

  const active = resolveActiveBrand(brands.data, location.search, profile.data.accountId);
  if (!active) return <Navigate to={paths.generalError.getHref()} replace />;

  const params = new URLSearchParams(location.search);
  // Another brand's item or board shared with the user: its ids stay in the URL, the user's brand stays theirs.
  const sharedItem = params.get(queryParams.isShared) === 'true' || params.has(queryParams.shareToken);
  const sharedPath =
    location.pathname.startsWith('/library/assets') || location.pathname.startsWith(`${paths.boards.path}/`);
  if (sharedItem && sharedPath) return <Outlet />;
  // Leaving a shared item: the user's own brand again, without the share's marks.
  const leftShare = params.has(queryParams.isShared);
  params.delete(queryParams.isShared);
  if (
    leftShare ||
    params.get(queryParams.brandId) !== active.id ||
    params.get(queryParams.accountId) !== active.accountId
  ) {
    params.set(queryParams.accountId, active.accountId);
    params.set(queryParams.brandId, active.id);
    return (
      <Navigate to={{ pathname: location.pathname, search: `?${params}`, hash: location.hash }} replace />
    );
  }

  const onOnboarding = location.pathname === paths.onboarding.path;
  // Onboarding lets what was shared with the user through (a share invitation's sign-up lands there).
  const sharedPage = location.pathname === paths.shared.path;
  if (!active.onboardingCompleted && !onOnboarding && !sharedPage) {
    return <Navigate to={buildLink(paths.onboarding.getHref(), {}, location.search)} replace />;
  }
  if (active.onboardingCompleted && onOnboarding) {
    return <Navigate to={buildLink(paths.home.getHref(), {}, location.search)} replace />;
  }
  return <Outlet />;
}

function FailedToLoadBrands({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <StatusScreen
      data-testid="brands-load-failed"
      color="red"
      icon={<IconBuildingStore size={24} stroke={1.75} />}
      title={authMessages.failedToLoadBrands}
      text={identityLabels.brandsFailedToLoad}
      actions={
        <Button onClick={onRetry} loading={retrying} leftSection={<IconRefresh size={16} />}>
          {commonMessages.retry}
        </Button>
      }
    />
  );
}
