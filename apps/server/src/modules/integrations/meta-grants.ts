import { type IntegrationVendor, META_REQUIRED_SCOPES, META_SCOPES, messages } from '@hookline/contract';
import { validationFailed } from '../../platform/http/errors.js';
import type { GraphClient } from '../../platform/meta/graph-client.js';
import type { AdPerformanceService } from '../ad-performance/service.js';
import { metaRequestError } from './meta-errors.js';
import { OauthStates } from './oauth-state.js';
import type { IntegrationsRepository } from './repository.js';

/**
 * Meta's side of connecting (001 §4): the dialog link with a signed, stored, single-use
 * state; the code exchanged for a long-lived token whose scopes are checked; what the token
 * reaches; the connection's ad accounts saved. The service checks the caller and writes the
 * integration.
 */
export class MetaGrants {
  constructor(
    private readonly graph: GraphClient,
    private readonly repository: IntegrationsRepository,
    private readonly states: OauthStates,
    private readonly adPerformance: AdPerformanceService,
  ) {}

  /** The dialog link for this user, brand and vendor; its state is stored (hashed) to be used once. */
  async authorizationUrl(
    expected: { userId: string; brandId: string; vendor: IntegrationVendor },
    redirectUri: string,
  ): Promise<string> {
    const { state, payload } = this.states.mint(expected);
    await this.repository.saveState({
      nonceHash: OauthStates.nonceHash(payload.nonce),
      userId: payload.userId,
      brandId: payload.brandId,
      vendor: expected.vendor,
      expiresAt: new Date(payload.expiresAt),
    });
    return this.graph.dialogUrl({ redirectUri, state, scopes: META_SCOPES });
  }

  /**
   * The code → short-lived → long-lived token, its scopes (400 without ad access) and its
   * reach; Meta's refusals answer at body.settings.code.
   */
  async exchange(code: string, redirectUri: string) {
    const graph = this.graph;
    const grant = await (async () => {
      const short = await graph.exchangeCode(code, redirectUri);
      const long = await graph.exchangeForLongLived(short.accessToken);
      const info = await graph.debugToken(long.accessToken);
      return { token: long, info };
    })().catch((error: unknown) => {
      throw metaRequestError(error, 'body.settings.code');
    });
    if (!META_REQUIRED_SCOPES.every((scope) => grant.info.scopes.includes(scope)))
      throw validationFailed([{ path: 'body.settings.code', message: messages.integrations.metaNoAdAccess }]);
    const reach = await this.readReach(grant.token.accessToken).catch((error: unknown) => {
      throw metaRequestError(error, 'body.settings.code');
    });
    return { grant, reach };
  }

  /** Uses a state once: it must be this user's, brand's and vendor's, and not expired (400 at body.settings.state). */
  async consumeState(
    state: string,
    expected: { userId: string; brandId: string; vendor: IntegrationVendor },
  ) {
    const payload = this.states.read(state);
    const used =
      payload &&
      payload.userId === expected.userId &&
      payload.brandId === expected.brandId &&
      payload.vendor === expected.vendor
        ? await this.repository.consumeState(OauthStates.nonceHash(payload.nonce))
        : undefined;
    if (!used)
      throw validationFailed([{ path: 'body.settings.state', message: messages.integrations.stateExpired }]);
  }

  /** Who the token is, and the ad accounts and Pages it reaches. */
  async readReach(token: string) {
    const graph = this.graph;
    const [me, adAccounts, pages] = await Promise.all([
      graph.me(token),
      graph.adAccounts(token),
      graph.pagesOf(token),
    ]);
    return {
      me,
      adAccounts,
      pages: pages.map((page) => ({ id: page.id, name: page.name, link: page.link ?? null })),
    };
  }

  /** Upserts the connection's ad accounts; those Meta no longer lists are marked deleted (history stays). */
  async saveAdAccounts(
    scope: { accountId: string; brandId: string },
    accounts: Awaited<ReturnType<GraphClient['adAccounts']>>,
  ): Promise<void> {
    const seen = new Set<string>();
    for (const account of accounts) {
      seen.add(account.id);
      await this.adPerformance.write(scope, {
        account: {
          externalId: account.id,
          name: account.name,
          currency: account.currency,
          timezone: account.timezone_name,
          accountStatus: account.account_status,
          disableReason: account.disable_reason ?? null,
          source: 'META',
          purchaseActionType: null,
        },
        campaigns: [],
        adSets: [],
        ads: [],
        insights: [],
      });
    }
    for (const known of await this.adPerformance.accountsOfBrand(scope.brandId))
      if (known.source === 'META' && !seen.has(known.externalId) && !known.deleted)
        await this.adPerformance.updateAccount(known.id, { deleted: true, enabled: false });
  }
}
