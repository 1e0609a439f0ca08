import {
  type AuthInfo,
  type CreateIntegrationBody,
  INTEGRATION_LEVEL,
  type Integration,
  type IntegrationVendor,
  interpolate,
  META_SCOPES,
  messages,
  type SyncStatus,
  type UpdateIntegrationBody,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, userOf } from '../../platform/http/actor.js';
import { notFound, serviceUnavailable, validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { GraphClient } from '../../platform/meta/graph-client.js';
import type { Sealer } from '../../platform/security/sealer.js';
import type { AccessService } from '../access/service.js';
import type { AdAccountRow, AdPerformanceService } from '../ad-performance/service.js';
import type { PlansService } from '../plans/service.js';
import { metaRequestError } from './meta-errors.js';
import { MetaGrants } from './meta-grants.js';
import type { MetaPublisher } from './meta-publish.js';
import type { MetaSync } from './meta-sync.js';
import type { OauthStates } from './oauth-state.js';
import { presentIntegration } from './presenter.js';
import type { IntegrationRow, IntegrationsRepository } from './repository.js';
import { isoDay, syncWindow, utcMidnight } from './sync-window.js';

type Scope = { actor: Actor; accountId: string; brandId: string };

/** Queues an ad account's sync (the Meta sync engine). */
export interface SyncQueue {
  queue(adAccountId: string, options?: { delaySeconds?: number }): Promise<void>;
}

/**
 * The server settings that turn a vendor on. Drive and Dropbox arrive with file imports:
 * no setting turns them on yet, so none is named (naming one would send an operator looking).
 */
const VENDOR_VARIABLES: Record<IntegrationVendor, string[]> = {
  FACEBOOK: ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
  GOOGLE_DRIVE: [],
  DROPBOX: [],
};
const VENDOR_NAMES: Record<IntegrationVendor, string> = {
  FACEBOOK: 'Meta',
  GOOGLE_DRIVE: 'Google Drive',
  DROPBOX: 'Dropbox',
};

/**
 * Integrations (001 §2–§4, §7): the brand's Meta connection (admins connect, change and
 * disconnect it; members read it) and each user's own Drive and Dropbox connections (which
 * arrive with the imports issue: until then they answer "not configured").
 */
export class IntegrationsService {
  private sync: SyncQueue | undefined;
  /** Meta's side of connecting (null when Meta is not configured). */
  private readonly grants: MetaGrants | null;
  /** Set by the module: the sync engine (when Meta is configured) and the publisher. */
  metaSync: MetaSync | undefined;
  publisher: MetaPublisher | undefined;

  constructor(
    private readonly repository: IntegrationsRepository,
    private readonly access: AccessService,
    private readonly adPerformance: AdPerformanceService,
    private readonly plans: PlansService,
    private readonly graph: GraphClient | null,
    /** The Meta app id (the dialog's client id), set when graph is. */
    private readonly metaAppId: string | null,
    private readonly sealer: Sealer,
    states: OauthStates,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.grants = graph ? new MetaGrants(graph, repository, states, adPerformance) : null;
  }

  useSync(sync: SyncQueue): void {
    this.sync = sync;
  }

  // ── reads ───────────────────────────────────────────────────────────────
  async list(s: Scope): Promise<Integration[]> {
    await this.access.require(s.actor, 'integration.read', [s.brandId]);
    const rows = await this.repository.listVisible(
      s.brandId,
      s.actor.kind === 'user' ? s.actor.userId : null,
    );
    return this.present(rows);
  }

  async userIntegrations(s: Scope): Promise<Integration[]> {
    return (await this.list(s)).filter((integration) => integration.level === 'USER');
  }

  async get(s: Scope, id: string): Promise<Integration> {
    await this.access.require(s.actor, 'integration.read', [s.brandId]);
    return (await this.present([await this.visible(s, id)]))[0]!;
  }

  async authInfo(s: Scope, vendor: IntegrationVendor): Promise<AuthInfo> {
    await this.access.require(s.actor, 'integration.read', [s.brandId]);
    const redirectUrl = this.redirectUrl(vendor);
    const base = { vendor, redirectUrl, requiredVariables: VENDOR_VARIABLES[vendor] };
    if (vendor !== 'FACEBOOK' || !this.graph)
      return { ...base, configured: false, clientId: null, scopes: [], authorizationUrl: null };
    // Only someone who may connect gets a link to do it.
    const mayConnect = await this.access.can(s.actor, 'integration.manage', [s.brandId]);
    let authorizationUrl: string | null = null;
    if (mayConnect) {
      authorizationUrl = await this.grants!.authorizationUrl(
        { userId: userOf(s.actor).userId, brandId: s.brandId, vendor },
        redirectUrl,
      );
    }
    return {
      ...base,
      configured: true,
      clientId: this.metaAppId,
      scopes: [...META_SCOPES],
      authorizationUrl,
    };
  }

  async syncStatus(s: Scope, id: string): Promise<SyncStatus> {
    await this.access.require(s.actor, 'integration.read', [s.brandId]);
    const row = await this.visible(s, id);
    const accounts = (await this.adAccountsOf(row)).filter((a) => a.enabled);
    const syncs = new Map(
      (await this.repository.syncs(accounts.map((a) => a.id))).map((r) => [r.adAccountId, r]),
    );
    // The demo's data never went through a sync: its panel shows what is stored.
    const stored = row.isDemo
      ? await this.adPerformance.insightStats(accounts.map((a) => a.id))
      : new Map<string, { rows: number; firstDay: string | null }>();
    return {
      accounts: accounts.map((account) => {
        const sync = syncs.get(account.id);
        return {
          adAccountId: account.externalId,
          name: account.name,
          state: sync?.state ?? (row.isDemo ? 'IDLE' : 'QUEUED'),
          lastRunAt: sync?.lastRunAt ?? (row.isDemo ? account.updatedAt : null),
          lastSuccessAt: sync?.lastSuccessAt ?? (row.isDemo ? account.updatedAt : null),
          nextRunAt: sync?.nextRunAt ?? null,
          rowsSynced: sync?.rowsSynced ?? stored.get(account.id)?.rows ?? 0,
          progress: sync?.state === 'RUNNING' ? (sync.progress ?? 0) : null,
          error: sync?.error ?? null,
          syncedFrom: sync?.syncedFrom ?? stored.get(account.id)?.firstDay ?? null,
        };
      }),
    };
  }

  // ── connect ─────────────────────────────────────────────────────────────
  async create(s: Scope, body: CreateIntegrationBody): Promise<Integration> {
    await this.access.require(s.actor, 'integration.connect', [s.brandId]);
    if (body.brandId !== s.brandId)
      throw validationFailed([{ path: 'body.brandId', message: 'brandId must be the brand of the path' }]);
    if (body.vendor !== 'FACEBOOK')
      throw serviceUnavailable(
        interpolate(messages.integrations.vendorNotConfigured, { vendor: VENDOR_NAMES[body.vendor] }),
      );
    await this.access.require(s.actor, 'integration.manage', [s.brandId]);
    if (!this.graph) throw serviceUnavailable(messages.integrations.metaNotConfigured);
    const user = userOf(s.actor);
    await this.grants!.consumeState(body.settings.state, {
      userId: user.userId,
      brandId: s.brandId,
      vendor: body.vendor,
    });

    const redirectUri = body.settings.redirectUrl ?? this.redirectUrl('FACEBOOK');
    const { grant, reach } = await this.grants!.exchange(body.settings.code, redirectUri);

    const now = new Date();
    const allocation = await this.plans.allocationOf(s.accountId);
    const existing = await this.repository.findAccountLevel(s.brandId, 'FACEBOOK');
    const id = await this.repository.transaction(async () => {
      if (existing?.isDemo) {
        await this.repository.delete(existing.id);
        if (body.removeDemo)
          for (const account of await this.adPerformance.accountsOfBrand(s.brandId))
            if (account.source === 'DEMO') await this.adPerformance.deleteAccount(account.id);
      }
      const values = {
        sealedToken: this.sealer.seal(grant.token.accessToken),
        tokenExpiresAt: grant.token.expiresAt,
        scopes: grant.info.scopes,
        externalUserId: reach.me.id,
        externalUserName: reach.me.name,
        pages: reach.pages,
        connectedBy: user.userId,
      };
      if (existing && !existing.isDemo) {
        await this.repository.update(existing.id, values);
        await this.repository.resolveIssues(existing.id, ['INVALID_ACCESS_TOKEN']);
        return existing.id;
      }
      const created = await this.repository.insert({
        id: uuidv7(),
        accountId: s.accountId,
        brandId: s.brandId,
        vendor: 'FACEBOOK',
        level: INTEGRATION_LEVEL.FACEBOOK,
        name: 'Facebook',
        syncStartAt: syncWindow(allocation.adPlatformSyncMonthsCount, now).defaultStart,
        ...values,
      });
      return created.id;
    });
    await this.grants!.saveAdAccounts(s, reach.adAccounts);
    const row = (await this.repository.findById(id))!;
    for (const account of await this.adAccountsOf(row))
      if (account.enabled) await this.sync?.queue(account.id);
    return (await this.present([row]))[0]!;
  }

  // ── change ──────────────────────────────────────────────────────────────
  async update(s: Scope, id: string, body: UpdateIntegrationBody): Promise<Integration> {
    await this.access.require(s.actor, 'integration.manage', [s.brandId]);
    const row = await this.visible(s, id);
    const accounts = await this.adAccountsOf(row);
    const byExternal = new Map(accounts.map((a) => [a.externalId, a]));
    const enabled = new Set(
      body.enabledAdAccountIds ?? accounts.filter((a) => a.enabled).map((a) => a.externalId),
    );
    body.enabledAdAccountIds?.forEach((externalId, index) => {
      const account = byExternal.get(externalId);
      if (!account || account.deleted)
        throw validationFailed([
          { path: `body.enabledAdAccountIds.${index}`, message: messages.integrations.adAccountUnknown },
        ]);
    });
    const defaultAccount = body.adAccountId === undefined ? row.defaultAdAccountId : body.adAccountId;
    if (body.adAccountId && !enabled.has(body.adAccountId))
      throw validationFailed([
        {
          path: 'body.adAccountId',
          message: byExternal.has(body.adAccountId)
            ? messages.integrations.adAccountDisabled
            : messages.integrations.adAccountUnknown,
        },
      ]);
    let syncStart = row.syncStartAt;
    if (body.syncStartTimestampUtc !== undefined) {
      const allocation = await this.plans.allocationOf(s.accountId);
      const window = syncWindow(allocation.adPlatformSyncMonthsCount);
      const asked = utcMidnight(new Date(body.syncStartTimestampUtc));
      if (asked < window.earliest || asked > window.latest)
        throw validationFailed([
          {
            path: 'body.syncStartTimestampUtc',
            message: interpolate(messages.integrations.syncStartWindow, { from: isoDay(window.earliest) }),
          },
        ]);
      syncStart = asked;
    }

    const newlyEnabled = accounts.filter((a) => enabled.has(a.externalId) && !a.enabled);
    const earlierStart = syncStart && row.syncStartAt && syncStart < row.syncStartAt;
    const laterStart = syncStart && row.syncStartAt && syncStart > row.syncStartAt;
    await this.repository.transaction(async () => {
      for (const account of accounts) {
        const on = enabled.has(account.externalId);
        if (on !== account.enabled) await this.adPerformance.updateAccount(account.id, { enabled: on });
      }
      await this.repository.update(row.id, {
        defaultAdAccountId: defaultAccount && enabled.has(defaultAccount) ? defaultAccount : null,
        syncStartAt: syncStart,
      });
      if (laterStart && syncStart)
        for (const account of accounts) await this.adPerformance.dropBefore(account.id, isoDay(syncStart));
    });
    if (!row.isDemo) {
      const toQueue = earlierStart ? accounts.filter((a) => enabled.has(a.externalId)) : newlyEnabled;
      for (const account of toQueue) await this.sync?.queue(account.id);
    }
    return this.get(s, id);
  }

  async refresh(s: Scope, id: string): Promise<Integration> {
    await this.access.require(s.actor, 'integration.manage', [s.brandId]);
    const row = await this.visible(s, id);
    if (!row.isDemo && row.sealedToken && this.graph) {
      const token = this.sealer.open(row.sealedToken);
      const reach = await this.grants!.readReach(token).catch(async (error: unknown) => {
        const failure = metaRequestError(error, 'id');
        if ((error as { isInvalidToken?: boolean }).isInvalidToken)
          await this.repository.raiseIssue(row.id, 'INVALID_ACCESS_TOKEN', '', (error as Error).message);
        throw failure;
      });
      await this.repository.update(row.id, {
        externalUserId: reach.me.id,
        externalUserName: reach.me.name,
        pages: reach.pages,
      });
      await this.grants!.saveAdAccounts(s, reach.adAccounts);
      for (const account of await this.adAccountsOf(row))
        if (account.enabled) await this.sync?.queue(account.id);
    }
    return this.get(s, id);
  }

  // ── disconnect ──────────────────────────────────────────────────────────
  async delete(s: Scope, id: string): Promise<void> {
    await this.access.require(s.actor, 'integration.manage', [s.brandId]);
    const row = await this.visible(s, id);
    if (row.level === 'USER') throw notFound(messages.integrations.notFound);
    await this.disconnect(row);
  }

  async deleteUserIntegration(s: Scope, id: string): Promise<void> {
    await this.access.require(s.actor, 'integration.connect', [s.brandId]);
    const row = await this.visible(s, id);
    if (row.level !== 'USER') throw notFound(messages.integrations.notFound);
    await this.disconnect(row);
  }

  /** Revokes the grant (best effort: a revoked or expired one is gone anyway), drops tokens, stops syncing. */
  private async disconnect(row: IntegrationRow): Promise<void> {
    if (row.isDemo) {
      await this.repository.delete(row.id);
      return;
    }
    if (row.sealedToken && this.graph)
      await this.graph.revokePermissions(this.sealer.open(row.sealedToken)).catch((error: unknown) => {
        this.log.warn({ integrationId: row.id, error: (error as Error).message }, 'Meta grant not revoked');
      });
    await this.repository.update(row.id, {
      sealedToken: null,
      tokenExpiresAt: null,
      disconnectedAt: new Date(),
    });
  }

  // ── for the sync, publishing and the demo ───────────────────────────────
  /** The brand's connected Meta integration with its token (null when none or the demo's). */
  async metaConnection(brandId: string): Promise<{ row: IntegrationRow; token: string } | null> {
    const row = await this.repository.findAccountLevel(brandId, 'FACEBOOK');
    if (!row?.sealedToken || row.isDemo) return null;
    return { row, token: this.sealer.open(row.sealedToken) };
  }

  /** The brand's Meta integration (the demo's too), for the upload-to-Meta flow. */
  findMeta(brandId: string): Promise<IntegrationRow | undefined> {
    return this.repository.findAccountLevel(brandId, 'FACEBOOK');
  }

  /** The demo workspace's Meta connection: no token, its pages, the DEMO ad account enabled. */
  async createDemo(
    scope: { accountId: string; brandId: string },
    input: {
      pages: { id: string; name: string; link: string | null }[];
      adAccountExternalId: string;
      issue?: { code: 'MISSING_PERMISSIONS_ON_ACTOR'; actorId: string };
    },
  ): Promise<void> {
    const row = await this.repository.insert({
      id: uuidv7(),
      accountId: scope.accountId,
      brandId: scope.brandId,
      vendor: 'FACEBOOK',
      level: 'ACCOUNT',
      name: 'Facebook',
      isDemo: true,
      externalUserName: 'Demo Meta user',
      pages: input.pages,
      defaultAdAccountId: input.adAccountExternalId,
      syncStartAt: syncWindow(null).defaultStart,
    });
    if (input.issue) await this.repository.raiseIssue(row.id, input.issue.code, input.issue.actorId, null);
  }

  get issues() {
    return {
      raise: (
        integrationId: string,
        code: Parameters<IntegrationsRepository['raiseIssue']>[1],
        actorId: string,
        detail: string | null,
      ) => this.repository.raiseIssue(integrationId, code, actorId, detail),
      resolve: (integrationId: string, codes?: Parameters<IntegrationsRepository['resolveIssues']>[1]) =>
        this.repository.resolveIssues(integrationId, codes),
    };
  }

  // ── helpers ─────────────────────────────────────────────────────────────
  private redirectUrl(vendor: IntegrationVendor): string {
    return vendor === 'FACEBOOK'
      ? `${this.publicUrl}/settings/integrations/facebook`
      : `${this.publicUrl}/library/assets?integrationVendor=${vendor.toLowerCase()}`;
  }

  /** An integration the caller may see in this brand (another user's own is 404). */
  private async visible(s: Scope, id: string): Promise<IntegrationRow> {
    const row = await this.repository.find(s.brandId, id);
    const userId = s.actor.kind === 'user' ? s.actor.userId : null;
    if (!row || (row.level === 'USER' && row.userId !== userId))
      throw notFound(messages.integrations.notFound);
    return row;
  }

  private async adAccountsOf(row: IntegrationRow): Promise<AdAccountRow[]> {
    const source = row.isDemo ? 'DEMO' : 'META';
    return (await this.adPerformance.accountsOfBrand(row.brandId)).filter((a) => a.source === source);
  }

  private async present(rows: IntegrationRow[]): Promise<Integration[]> {
    const issues = await this.repository.openIssues(rows.map((r) => r.id));
    return Promise.all(
      rows.map(async (row) =>
        presentIntegration(row, {
          adAccounts: row.vendor === 'FACEBOOK' ? await this.adAccountsOf(row) : [],
          issues: issues.filter((issue) => issue.integrationId === row.id),
          redirectUrl: this.redirectUrl(row.vendor),
        }),
      ),
    );
  }
}
