/**
 * Every route path of the web app, in one place (000 §2). `path` is the route pattern,
 * `getHref` builds a link. Only routes whose page exists are in the router; the rest are
 * here because other code must recognise them (public pages, redirects).
 */
function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  generalError: { path: '/general-error', getHref: () => '/general-error' },

  signIn: {
    path: '/signin',
    getHref: (next?: string, flags: { verification?: 'expired' } = {}) =>
      withQuery('/signin', { next, verification: flags.verification }),
  },
  signUp: { path: '/signup', getHref: (next?: string) => withQuery('/signup', { next }) },
  secretSignUp: {
    path: '/secret-signup',
    getHref: (code?: string) => withQuery('/secret-signup', { code }),
  },
  inviteSignUp: {
    path: '/invite-signup',
    getHref: (inviteId?: string, next?: string) => withQuery('/invite-signup', { inviteId, next }),
  },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  invitation: { path: '/invitation', getHref: () => '/invitation' },
  emailVerification: { path: '/email-verification', getHref: () => '/email-verification' },
  /** Needs sign-in; shown while the active brand has not completed onboarding. */
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },

  /** The creative library (000 §2): folder 'root' means no folder; a file opens the player on a tab. */
  library: {
    path: '/library/assets/:folderId?/:fileId?/:tab?',
    getHref: (folderId?: string | null, fileId?: string | null, tab?: string | null) => {
      let href = '/library/assets';
      if (folderId || fileId) href += `/${encodeURIComponent(folderId || 'root')}`;
      if (fileId) href += `/${encodeURIComponent(fileId)}/${encodeURIComponent(tab || 'overview')}`;
      return href;
    },
  },
  /**
   * Files marked as duplicates of older ones, by group (issue 15 "Beyond"). A static path
   * beside the library's `/library/assets/…`, so it never reads as a folder.
   */
  duplicates: { path: '/library/duplicates', getHref: () => '/library/duplicates' },
  starred: { path: '/starred', getHref: () => '/starred' },
  /**
   * Search results (000 §2, issue 16): keyword and filters in the query string
   * (features/search/search-state.ts); a result opens the player on a tab.
   */
  search: {
    path: '/search/:fileId?/:tab?',
    getHref: (fileId?: string | null, tab?: string | null) =>
      fileId ? `/search/${encodeURIComponent(fileId)}/${encodeURIComponent(tab || 'overview')}` : '/search',
  },
  /** Items shared with me (000 §2). */
  shared: { path: '/shared', getHref: () => '/shared' },
  /** Tag and tag-category management (000 §2). */
  tags: { path: '/tags', getHref: () => '/tags' },
  overview: { path: '/overview', getHref: () => '/overview' },

  /**
   * Creative clips across the brand (issue 15): filtered by the `types`, `subtypes` and `hook`
   * query parameters; a clip opens the player on its file (`t` the clip's start in seconds).
   */
  /**
   * Creative analytics (issue 17): the brand's ads with their figures; state in `?state=`. An
   * ad opens the analytics player over the list: `/analytics/{adId}/{assetId}/{tab}` (001 §2).
   */
  analytics: { path: '/analytics/:adId?/:assetId?/:tab?', getHref: () => '/analytics' },
  /** Compare up to 6 ads (001 §2 "Compare Ads page"): `?from&preset&adIds=a,b`. */
  analyticsCompare: { path: '/analytics/compare', getHref: () => '/analytics/compare' },
  creativeClips: {
    path: '/creative-clips/:fileId?/:tab?',
    /** The grid; a file's player is `${getHref()}/{fileId}/{tab}` (features/creative-clips/clip-utils). */
    getHref: () => '/creative-clips',
  },

  /** Boards (000 §2 "Boards"): the brand's, mine, shared with me, and one board (a file on it opens the player). */
  boards: { path: '/boards', getHref: () => '/boards' },
  myBoards: { path: '/boards/me', getHref: () => '/boards/me' },
  sharedBoards: { path: '/boards/shared', getHref: () => '/boards/shared' },
  board: {
    path: '/boards/:boardId/:fileId?/:tab?',
    getHref: (boardId: string, fileId?: string | null, tab?: string | null) => {
      const href = `/boards/${encodeURIComponent(boardId)}`;
      return fileId ? `${href}/${encodeURIComponent(fileId)}/${encodeURIComponent(tab || 'overview')}` : href;
    },
  },

  /** A board's presentation (no sign-in: its link carries a share token). */
  boardPresentation: {
    path: '/boards/:boardId/present',
    getHref: (boardId: string) => `/boards/${encodeURIComponent(boardId)}/present`,
  },

  settings: { path: '/settings', getHref: () => '/settings' },
  settingsTeamMembers: { path: '/settings/team-members', getHref: () => '/settings/team-members' },
  settingsBrand: { path: '/settings/brand', getHref: () => '/settings/brand' },
  settingsPlans: { path: '/settings/plans', getHref: () => '/settings/plans' },
  settingsIntegrations: { path: '/settings/integrations', getHref: () => '/settings/integrations' },
  /** The brand's ad naming convention (issue 17 "Beyond the seeds"). */
  settingsAnalytics: { path: '/settings/analytics', getHref: () => '/settings/analytics' },
  /** Meta's settings and its OAuth return route (001 §2); its tab is the `tab` query parameter. */
  settingsMetaIntegration: {
    path: '/settings/integrations/facebook',
    getHref: () => '/settings/integrations/facebook',
  },

  /** Served by the API server, not the SPA. */
  apiDocs: { path: '/api/docs', getHref: () => '/api/docs' },
} as const;

/** Pages that need no sign-in (000 §2 "Access to routes"); not-found is public too (see router). */
export const publicPaths: readonly string[] = [
  paths.signIn.path,
  paths.signUp.path,
  paths.secretSignUp.path,
  paths.inviteSignUp.path,
  paths.resetPassword.path,
  paths.forgotPassword.path,
  paths.invitation.path,
  paths.emailVerification.path,
  paths.generalError.path,
];

export function isPublicPath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPaths.some((p) => normalised === p || normalised.startsWith(`${p}/`));
}

/** Query parameter names seen in the product (000 §2). */
export const queryParams = {
  next: 'next',
  from: 'from',
  accountId: 'accountId',
  brandId: 'brandId',
  shareToken: 'shareToken',
  /** A signed-in recipient's link to another brand's item (000 §2). */
  isShared: 'isShared',
  inviteId: 'inviteId',
  token: 'token',
  email: 'email',
  code: 'code',
  /** `verification=expired` on sign-in: the e-mail verification link had expired. */
  verification: 'verification',
  /** Creative clips' filters (issue 15) and the player's start time in seconds. */
  types: 'types',
  subtypes: 'subtypes',
  hook: 'hook',
  time: 't',
} as const;

/** Value of `from` when the user arrives from sign-in. */
export const FROM_SIGN_IN = 'sign-in';
