import {
  type Integration,
  type IntegrationIssueCode,
  integrationIssueCodes,
  META_PORTAL_URL,
  type MetaAdAccount,
} from '@hookline/contract';
import type { AdAccountRow } from '../ad-performance/service.js';
import type { IntegrationRow, IssueRow } from './repository.js';

/** Meta statuses where nothing can run: disabled, pending closure, closed. */
const DISABLED_STATUSES = new Set([2, 100, 101]);

export function presentAdAccount(row: AdAccountRow): MetaAdAccount {
  return {
    id: row.externalId,
    name: row.name,
    account_id: row.externalId.replace(/^act_/, ''),
    disabled: row.accountStatus !== null && DISABLED_STATUSES.has(row.accountStatus),
    deleted: row.deleted,
    enabled: row.enabled,
    accountStatus: row.accountStatus,
    currency: row.currency,
  };
}

const knownCode = (code: string): IntegrationIssueCode =>
  (integrationIssueCodes as readonly string[]).includes(code)
    ? (code as IntegrationIssueCode)
    : 'UNKNOWN_ERROR';

export function presentIntegration(
  row: IntegrationRow,
  context: { adAccounts: AdAccountRow[]; issues: IssueRow[]; redirectUrl: string | null },
): Integration {
  return {
    id: row.id,
    vendor: row.vendor,
    brandId: row.brandId,
    name: row.name,
    level: row.level,
    isConnected: row.disconnectedAt === null && (row.isDemo || row.sealedToken !== null),
    isDemo: row.isDemo,
    settings: {
      syncStartTimestampUtc: row.syncStartAt,
      redirectUrl: context.redirectUrl,
      portalUrl: row.vendor === 'FACEBOOK' ? META_PORTAL_URL : null,
    },
    metadata: {
      adAccounts: context.adAccounts.map(presentAdAccount),
      adAccountId: row.defaultAdAccountId,
      pages: row.pages,
      user: row.externalUserName ? { name: row.externalUserName } : null,
    },
    integrationIssues: context.issues.map((issue) => ({
      id: issue.id,
      code: knownCode(issue.code),
      actorId: issue.actorId || null,
      createdAt: issue.createdAt,
    })),
    createdAt: row.createdAt,
  };
}
