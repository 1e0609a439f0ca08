import type {
  Allocation,
  AuthInfo,
  Integration,
  IntegrationVendor,
  Job,
  MetaAdAccount,
} from '@hookline/contract';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { BRAND_PATH } from '@/test/library';

/** Integration fixtures for the acme brand, as the API answers them. */

export const META_ID = '11111111-1111-4111-8111-111111111111';
export const AUTHORIZATION_URL =
  'https://www.facebook.com/v23.0/dialog/oauth?client_id=123&redirect_uri=x&state=signed&response_type=code';

export function makeAdAccount(
  overrides: Partial<MetaAdAccount> & Pick<MetaAdAccount, 'id' | 'name'>,
): MetaAdAccount {
  return {
    account_id: overrides.id.replace(/^act_/, ''),
    disabled: false,
    deleted: false,
    enabled: true,
    accountStatus: 1,
    currency: 'USD',
    ...overrides,
  };
}

export const acmeUs = makeAdAccount({ id: 'act_1001', name: 'Acme US' });
export const acmeEu = makeAdAccount({ id: 'act_1002', name: 'Acme EU', enabled: false, currency: 'EUR' });

export function makeMeta(
  overrides: Partial<Integration> = {},
  metadata: Partial<Integration['metadata']> = {},
): Integration {
  return {
    id: META_ID,
    vendor: 'FACEBOOK',
    brandId: 'brand-acme',
    name: 'Meta',
    level: 'ACCOUNT',
    isConnected: true,
    isDemo: false,
    settings: {
      syncStartTimestampUtc: new Date('2026-08-01T00:00:00.000Z'),
      redirectUrl: 'http://localhost/settings/integrations/facebook',
      portalUrl: 'https://www.facebook.com/settings/?tab=business_tools',
    },
    metadata: {
      adAccounts: [acmeUs, acmeEu],
      adAccountId: acmeUs.id,
      pages: [{ id: '5550001', name: 'Acme Rockets', link: 'https://www.facebook.com/acmerockets' }],
      user: { name: 'Ana Lopez' },
      ...metadata,
    },
    integrationIssues: [],
    createdAt: new Date('2026-10-01T10:00:00.000Z'),
    ...overrides,
  };
}

export function makeUserIntegration(
  vendor: IntegrationVendor,
  overrides: Partial<Integration> = {},
): Integration {
  return makeMeta({
    id: `22222222-2222-4222-8222-${vendor === 'DROPBOX' ? '000000000002' : '000000000001'}`,
    vendor,
    name: vendor,
    level: 'USER',
    ...overrides,
  });
}

export function makeAuthInfo(vendor: IntegrationVendor, overrides: Partial<AuthInfo> = {}): AuthInfo {
  const meta = vendor === 'FACEBOOK';
  return {
    vendor,
    configured: meta,
    clientId: meta ? '123' : null,
    scopes: meta ? ['ads_read', 'ads_management'] : [],
    redirectUrl: 'http://localhost/settings/integrations/facebook',
    authorizationUrl: meta ? AUTHORIZATION_URL : null,
    requiredVariables: meta ? ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'] : [],
    ...overrides,
  };
}

export function makeAllocation(overrides: Partial<Allocation> = {}): Allocation {
  return {
    name: 'Growth',
    assetsCount: 1000,
    storageBytes: null,
    usersCount: 10,
    aiTagsCount: null,
    aiTagsGenerationsCount: null,
    analyzedAdsMonthlyCount: null,
    adPlatformSyncMonthsCount: 6,
    agentMessagesMonthlyCount: null,
    ...overrides,
  };
}

export function makeJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? 'job-1';
  return {
    id,
    type: 'PUBLISH_TO_AD_PLATFORM',
    brandId: 'brand-acme',
    status: 'CREATED',
    createdAt: new Date('2026-11-02T10:00:00.000Z'),
    finishedOn: null,
    actions: {
      self: { method: 'GET', href: `/api/jobs/${id}` },
      cancel: { method: 'POST', href: `/api/jobs/${id}/cancel` },
    },
    ...overrides,
  };
}

/**
 * The integrations API over a mutable list: GET …/integrations, auth-info by vendor, the
 * plan allocation and an idle sync status.
 */
export function integrationRoutes(
  state: { list: Integration[]; authInfo?: Partial<Record<IntegrationVendor, Partial<AuthInfo>>> },
  allocation: Allocation = makeAllocation(),
): Record<string, FetchHandler> {
  return {
    [`GET ${BRAND_PATH}/integrations`]: () => jsonResponse(state.list),
    [`GET ${BRAND_PATH}/integrations/auth-info`]: (request) => {
      const vendor = request.url.searchParams.get('vendor') as IntegrationVendor;
      return jsonResponse(makeAuthInfo(vendor, state.authInfo?.[vendor]));
    },
    'GET /api/accounts/acc-own/package-allocation': () => jsonResponse(allocation),
    [`GET ${BRAND_PATH}/integrations/${META_ID}/sync-status`]: () =>
      jsonResponse({
        accounts: state.list
          .filter((item) => item.vendor === 'FACEBOOK')
          .flatMap((item) => item.metadata.adAccounts.filter((account) => account.enabled))
          .map((account) => ({
            adAccountId: account.id,
            name: account.name,
            state: 'IDLE',
            lastRunAt: '2026-11-02T08:00:00.000Z',
            lastSuccessAt: '2026-11-02T08:00:00.000Z',
            nextRunAt: '2026-11-02T14:00:00.000Z',
            rowsSynced: 1234,
            progress: null,
            error: null,
            syncedFrom: '2026-08-01',
          })),
      }),
  };
}
