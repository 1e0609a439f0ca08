import { z } from 'zod';
import { dateTime } from './dates.js';
import {
  adPlatforms,
  integrationIssueCodes,
  integrationLevels,
  integrationVendors,
  syncStates,
} from './integration-constants.js';
import { libraries } from './library-constants.js';

/** Integrations (001 §3 Meta integration, Integration; §7 integrations calls). */

/** Vendors are sent upper-case; anything else is a 400 naming `vendor`. */
export const vendorSchema = z.enum(integrationVendors, {
  message: `vendor must be one of ${integrationVendors.join(', ')}`,
});

export const metaAdAccountSchema = z.object({
  /** `act_<account_id>`. */
  id: z.string(),
  name: z.string(),
  account_id: z.string(),
  /** Meta has disabled it (account_status 2) or it is closed. */
  disabled: z.boolean(),
  deleted: z.boolean(),
  /** Synced and offered for publishing. */
  enabled: z.boolean(),
  /** Meta's raw account_status (null when unknown). */
  accountStatus: z.number().nullable(),
  currency: z.string().nullable(),
});
export type MetaAdAccount = z.infer<typeof metaAdAccountSchema>;

export const metaPageSchema = z.object({ id: z.string(), name: z.string(), link: z.string().nullable() });
export type MetaPage = z.infer<typeof metaPageSchema>;

export const integrationIssueSchema = z.object({
  id: z.string(),
  code: z.enum(integrationIssueCodes),
  /** The Page or Instagram account concerned, or the ad account. */
  actorId: z.string().nullable(),
  createdAt: dateTime,
});
export type IntegrationIssue = z.infer<typeof integrationIssueSchema>;

export const integrationSchema = z.object({
  id: z.string(),
  vendor: vendorSchema,
  brandId: z.string(),
  name: z.string(),
  level: z.enum(integrationLevels),
  isConnected: z.boolean(),
  /** The demo workspace's integration: no token; connecting Meta offers to remove it. */
  isDemo: z.boolean(),
  settings: z.object({
    syncStartTimestampUtc: dateTime.nullable(),
    redirectUrl: z.string().nullable(),
    /** Meta's page where the user manages what the app may read. */
    portalUrl: z.string().nullable(),
  }),
  metadata: z.object({
    adAccounts: z.array(metaAdAccountSchema),
    /** The default publishing account. */
    adAccountId: z.string().nullable(),
    pages: z.array(metaPageSchema),
    user: z.object({ name: z.string() }).nullable(),
  }),
  integrationIssues: z.array(integrationIssueSchema),
  createdAt: dateTime,
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationVendorQuerySchema = z.object({ vendor: vendorSchema });

export const authInfoSchema = z.object({
  vendor: vendorSchema,
  /** This server has the vendor's app id and secret. */
  configured: z.boolean(),
  clientId: z.string().nullable(),
  scopes: z.array(z.string()),
  redirectUrl: z.string(),
  /** The signed authorization URL to send the window to (null when not configured). */
  authorizationUrl: z.string().nullable(),
  /** The variables an operator sets to configure it (shown when not configured). */
  requiredVariables: z.array(z.string()),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;

export const createIntegrationBodySchema = z.object({
  vendor: vendorSchema,
  brandId: z.uuid(),
  settings: z.object({
    code: z.string().min(1).max(2048),
    redirectUrl: z.string().max(2048).optional(),
    state: z.string().min(1).max(2048),
  }),
  /** Remove the demo integration (and its demo ad account) when connecting for real. */
  removeDemo: z.boolean().optional(),
});
export type CreateIntegrationBody = z.infer<typeof createIntegrationBodySchema>;

export const updateIntegrationBodySchema = z
  .object({
    /** The ad accounts to sync (the rest stop syncing; their history stays). */
    enabledAdAccountIds: z.array(z.string().max(64)).max(500).optional(),
    adAccountId: z.string().max(64).nullable().optional(),
    syncStartTimestampUtc: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type UpdateIntegrationBody = z.infer<typeof updateIntegrationBodySchema>;

export const adAccountSyncSchema = z.object({
  adAccountId: z.string(),
  name: z.string(),
  state: z.enum(syncStates),
  lastRunAt: dateTime.nullable(),
  lastSuccessAt: dateTime.nullable(),
  nextRunAt: dateTime.nullable(),
  rowsSynced: z.number(),
  /** 0–100 while running. */
  progress: z.number().nullable(),
  /** The last run's error, safe to show. */
  error: z.string().nullable(),
  /** Synced data covers days from this date (YYYY-MM-DD). */
  syncedFrom: z.string().nullable(),
});
export type AdAccountSync = z.infer<typeof adAccountSyncSchema>;

export const syncStatusSchema = z.object({ accounts: z.array(adAccountSyncSchema) });
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const publishBodySchema = z.object({
  adAccountId: z.string().min(1).max(64),
  entityIds: z.array(z.uuid()).min(1),
  library: z.enum(libraries),
  brandId: z.uuid(),
  platform: z.enum(adPlatforms),
});
export type PublishBody = z.infer<typeof publishBodySchema>;

export const adExportImportResultSchema = z.object({
  rowsRead: z.number(),
  imported: z.number(),
  skipped: z.array(z.object({ line: z.number(), reason: z.string() })),
  adAccountId: z.string(),
  currency: z.string().nullable(),
});
export type AdExportImportResult = z.infer<typeof adExportImportResultSchema>;
