import { commonMessages, generalErrorMessages, notFoundMessages } from '@hookline/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { analyticsNavTexts } from '@/config/texts/analytics-labels';
import { appTexts } from '@/config/texts/app';
import { boardsNavTexts } from '@/config/texts/boards';
import { creativeClipsNavTexts } from '@/config/texts/creative-clips-labels';
import { duplicatesNavTexts } from '@/config/texts/duplicates-labels';
import { identityLabels } from '@/config/texts/identity-labels';
import { libraryTexts } from '@/config/texts/library';
import { searchNavTexts } from '@/config/texts/search-labels';
import { sharingLabels } from '@/config/texts/sharing-labels';
import { tagsLabels } from '@/config/texts/tags-labels';
import { buildLink } from '@/lib/link-builder';
import type { RouteHandle } from '@/lib/navigation';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireSession } from './guards/require-session';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { OnboardingLayout } from './routes/onboarding-layout';
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

/** `/` is the creative library's home (000 §2); the link keeps accountId and brandId. */
function HomeRedirect() {
  const location = useLocation();
  return <Navigate to={buildLink(paths.library.getHref(), {}, location.search)} replace />;
}

/** A public page (no sign-in) with its title. */
function publicHandle(title: string): RouteHandle {
  return { title, public: true };
}

/**
 * The route table. Every page is lazy-loaded; a route exists only when its page does
 * (seed routes arrive with their features). `handle.title` names the page, `handle.public`
 * marks pages that need no sign-in. Pages that need sign-in sit under RequireSession; the
 * sign-in pages under RedirectSignedIn.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <RedirectSignedIn />,
        children: [
          {
            path: paths.signIn.path,
            handle: publicHandle(identityLabels.signInTitle),
            lazy: lazyPage(async () => (await import('@/features/auth/routes/sign-in-page')).SignInPage),
          },
          {
            path: paths.signUp.path,
            handle: publicHandle(identityLabels.signUpTitle),
            lazy: lazyPage(async () => (await import('@/features/auth/routes/sign-up-page')).SignUpPage),
          },
          {
            path: paths.secretSignUp.path,
            handle: publicHandle(identityLabels.signUpTitle),
            lazy: lazyPage(
              async () => (await import('@/features/auth/routes/secret-sign-up-page')).SecretSignUpPage,
            ),
          },
          {
            path: paths.forgotPassword.path,
            handle: publicHandle(identityLabels.forgotTitle),
            lazy: lazyPage(
              async () => (await import('@/features/auth/routes/forgot-password-page')).ForgotPasswordPage,
            ),
          },
        ],
      },
      {
        path: paths.inviteSignUp.path,
        handle: publicHandle(identityLabels.signUpTitle),
        lazy: lazyPage(
          async () => (await import('@/features/auth/routes/invite-sign-up-page')).InviteSignUpPage,
        ),
      },
      {
        path: paths.resetPassword.path,
        handle: publicHandle(identityLabels.resetTitle),
        lazy: lazyPage(
          async () => (await import('@/features/auth/routes/reset-password-page')).ResetPasswordPage,
        ),
      },
      {
        path: paths.invitation.path,
        handle: publicHandle(identityLabels.invitationTitle),
        lazy: lazyPage(async () => (await import('@/features/auth/routes/invitation-page')).InvitationPage),
      },
      {
        path: paths.emailVerification.path,
        handle: publicHandle(identityLabels.verifying),
        lazy: lazyPage(
          async () => (await import('@/features/auth/routes/email-verification-page')).EmailVerificationPage,
        ),
      },
      {
        // A board's presentation: its link opens without sign-in (the link's share token).
        path: paths.boardPresentation.path,
        handle: publicHandle(boardsNavTexts.boardsNav.section),
        lazy: lazyPage(async () => (await import('@/features/boards/routes/present-page')).PresentPage),
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <OnboardingLayout />,
            children: [
              {
                path: paths.onboarding.path,
                handle: { title: identityLabels.onboardingTitle } satisfies RouteHandle,
                lazy: lazyPage(
                  async () => (await import('@/features/brands/routes/onboarding-page')).OnboardingPage,
                ),
              },
            ],
          },
          {
            id: 'shell',
            path: paths.home.path,
            element: <AppShell />,
            children: [
              {
                index: true,
                element: <HomeRedirect />,
              },
              {
                id: 'library',
                path: paths.library.path,
                handle: { title: libraryTexts.library.library, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/library/routes/library-page')).LibraryPage,
                ),
              },
              {
                id: 'duplicates',
                path: paths.duplicates.path,
                handle: { title: duplicatesNavTexts.pageTitle, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/duplicates/routes/duplicates-page')).DuplicatesPage,
                ),
              },
              {
                id: 'search',
                path: paths.search.path,
                handle: { title: searchNavTexts.title, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(async () => (await import('@/features/search/routes/search-page')).SearchPage),
              },
              {
                id: 'starred',
                path: paths.starred.path,
                handle: { title: libraryTexts.library.starred, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/library/routes/starred-page')).StarredPage,
                ),
              },
              {
                id: 'shared',
                path: paths.shared.path,
                handle: { title: sharingLabels.sharedPage, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/library/routes/shared-page')).SharedPage,
                ),
              },
              {
                id: 'creative-clips',
                path: paths.creativeClips.path,
                handle: { title: creativeClipsNavTexts.pageTitle, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () =>
                    (await import('@/features/creative-clips/routes/creative-clips-page')).CreativeClipsPage,
                ),
              },
              {
                id: 'analytics',
                path: paths.analytics.path,
                handle: { title: analyticsNavTexts.title, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/analytics/routes/analytics-page')).AnalyticsPage,
                ),
              },
              {
                id: 'analytics-compare',
                path: paths.analyticsCompare.path,
                handle: { title: analyticsNavTexts.compareTitle, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/analytics/routes/compare-page')).ComparePage,
                ),
              },
              {
                id: 'boards',
                path: paths.boards.path,
                handle: { title: boardsNavTexts.boardsNav.section, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/boards/routes/boards-page')).AllBoardsPage,
                ),
              },
              {
                id: 'my-boards',
                path: paths.myBoards.path,
                handle: { title: boardsNavTexts.boardsNav.mine, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/boards/routes/boards-page')).MyBoardsPage,
                ),
              },
              {
                id: 'shared-boards',
                path: paths.sharedBoards.path,
                handle: { title: boardsNavTexts.boardsNav.shared, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/boards/routes/boards-page')).SharedBoardsPage,
                ),
              },
              {
                id: 'board',
                path: paths.board.path,
                handle: { title: boardsNavTexts.boardsNav.section, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(async () => (await import('@/features/boards/routes/board-page')).BoardPage),
              },
              {
                id: 'tags',
                path: paths.tags.path,
                handle: { title: tagsLabels.pageTitle, ownHeader: true } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(async () => (await import('@/features/tags/routes/tags-page')).TagsPage),
              },
              {
                id: 'overview',
                path: paths.overview.path,
                handle: { title: appTexts.shell.overview } satisfies RouteHandle,
                errorElement: <RouteErrorBoundary inShell />,
                lazy: lazyPage(
                  async () => (await import('@/features/system/routes/overview-page')).OverviewPage,
                ),
              },
              {
                path: paths.settings.path,
                handle: { title: commonMessages.settings } satisfies RouteHandle,
                // Lazy like the pages: its tabs are no part of the library's first load.
                lazy: lazyPage(
                  async () => (await import('./routes/settings/settings-layout')).SettingsLayout,
                ),
                errorElement: <RouteErrorBoundary inShell />,
                children: [
                  {
                    index: true,
                    lazy: lazyPage(
                      async () => (await import('./routes/settings/settings-layout')).SettingsIndex,
                    ),
                  },
                  {
                    path: paths.settingsTeamMembers.path,
                    lazy: lazyPage(
                      async () => (await import('@/features/team/routes/team-members-page')).TeamMembersPage,
                    ),
                  },
                  {
                    path: paths.settingsBrand.path,
                    lazy: lazyPage(
                      async () =>
                        (await import('@/features/brands/routes/brand-settings-page')).BrandSettingsPage,
                    ),
                  },
                  {
                    path: paths.settingsIntegrations.path,
                    lazy: lazyPage(
                      async () =>
                        (await import('@/features/integrations/routes/integrations-page')).IntegrationsPage,
                    ),
                  },
                  {
                    path: paths.settingsAnalytics.path,
                    lazy: lazyPage(
                      async () =>
                        (await import('@/features/naming-convention/routes/analytics-settings-page'))
                          .AnalyticsSettingsPage,
                    ),
                  },
                  {
                    // Also Meta's return route from its authorization (001 §2).
                    path: paths.settingsMetaIntegration.path,
                    lazy: lazyPage(
                      async () =>
                        (await import('@/features/integrations/routes/meta-integration-page'))
                          .MetaIntegrationPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: paths.generalError.path,
        handle: publicHandle(generalErrorMessages.title),
        lazy: lazyPage(async () => (await import('./routes/general-error')).GeneralErrorPage),
      },
      {
        path: '*',
        handle: publicHandle(notFoundMessages.title),
        lazy: lazyPage(async () => (await import('./routes/not-found')).NotFoundPage),
      },
    ],
  },
];

export function createAppRouter(routeTable: RouteObject[] = routes) {
  return createBrowserRouter(routeTable);
}
