import type { Brand, Profile, TeamMember } from '@hookline/contract';
import { defaultBrandColors } from '@hookline/contract';
import { setAccessToken } from '@/lib/session';
import { type FetchHandler, jsonResponse, stubFetch } from './fetch-stub';

/**
 * Signed-in fixtures: brands, a profile and a session, answered by the fetch stub the way
 * the API answers them (JSON, x-total-count on lists).
 */
export const OWN_ACCOUNT_ID = 'acc-own';

export function makeBrand(overrides: Partial<Brand> & Pick<Brand, 'id' | 'name'>): Brand {
  return {
    accountId: OWN_ACCOUNT_ID,
    industryId: 1,
    isFree: false,
    onboardingCompleted: true,
    vettingMethod: null,
    logoURL: null,
    fullLogoURL: null,
    brandKit: {
      website: 'www.acme.test',
      description: 'We make rockets.',
      colors: defaultBrandColors,
      font: null,
      subtitlesFont: 'BRAND',
      subtitlesColors: 'PLATFORM_NATIVE',
    },
    guidelines: [],
    createdAt: new Date('2026-01-05T10:00:00.000Z'),
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    userId: 'user-ana',
    email: 'ana@acme.test',
    accountId: OWN_ACCOUNT_ID,
    firstName: 'Ana',
    lastName: 'Lopez',
    isSuperUser: false,
    onboardingCompleted: true,
    role: 'admin',
    ...overrides,
  };
}

export function makeMember(overrides: Partial<TeamMember> & Pick<TeamMember, 'id' | 'email'>): TeamMember {
  return {
    firstName: 'Sam',
    lastName: 'Reed',
    isSuperUser: false,
    role: 'member',
    lastLogin: new Date('2026-03-01T09:00:00.000Z'),
    ...overrides,
  };
}

export const acme = makeBrand({ id: 'brand-acme', name: 'Acme' });

export const healthyStatus = {
  status: 'ok',
  version: '1.2.3',
  role: 'all',
  database: { status: 'up', driver: 'pglite' },
  queue: { status: 'up' },
  uptimeSeconds: 42,
};

export interface SignedInOptions {
  brands?: Brand[];
  profile?: Profile;
  /** More routes (or replacements) for the fetch stub. */
  routes?: Record<string, FetchHandler>;
}

/** A session plus an API that knows the user: GET /brands, /profile, /health. */
export function signIn({ brands = [acme], profile = makeProfile(), routes = {} }: SignedInOptions = {}) {
  setAccessToken('test-token');
  return stubFetch({
    'GET /api/brands': () => jsonResponse(brands, { headers: { 'x-total-count': String(brands.length) } }),
    'GET /api/profile': (request) =>
      jsonResponse({ ...profile, accountId: request.url.searchParams.get('accountId') ?? profile.accountId }),
    'GET /api/health': () => jsonResponse(healthyStatus),
    ...routes,
  });
}
