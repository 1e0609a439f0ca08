/**
 * Integrations and the Meta connection (001 §2 Integrations and Meta settings, §3 Meta
 * integration, Integration, §8 Meta issue codes, §9 sync months). No schemas: the web
 * client's first load may read these.
 */

/** Vendors as the API names them (sent upper-case; 001 §3). */
export const integrationVendors = ['FACEBOOK', 'GOOGLE_DRIVE', 'DROPBOX'] as const;
export type IntegrationVendor = (typeof integrationVendors)[number];

export const integrationLevels = ['ACCOUNT', 'USER'] as const;
export type IntegrationLevel = (typeof integrationLevels)[number];

/** Facebook is one connection per brand; Drive and Dropbox are each user's own. */
export const INTEGRATION_LEVEL: Record<IntegrationVendor, IntegrationLevel> = {
  FACEBOOK: 'ACCOUNT',
  GOOGLE_DRIVE: 'USER',
  DROPBOX: 'USER',
};

/** The web's return routes carry the vendor in lower case (001 §2). */
export const integrationVendorSlug: Record<IntegrationVendor, string> = {
  FACEBOOK: 'facebook',
  GOOGLE_DRIVE: 'google_drive',
  DROPBOX: 'dropbox',
};

/** The scopes the Meta dialog asks for (001 §4 Integration). */
export const META_SCOPES = [
  'email',
  'ads_management',
  'ads_read',
  'pages_read_engagement',
  'pages_show_list',
  'business_management',
  'catalog_management',
  'commerce_account_read_settings',
] as const;

/** Without these Meta gives us nothing to read. */
export const META_REQUIRED_SCOPES = ['ads_read', 'ads_management'] as const;

/** Issue codes (001 §8); any other code shows the unknown message. */
export const integrationIssueCodes = [
  'MISSING_PERMISSIONS_ON_ACTOR',
  'MISSING_PERMISSIONS_TO_MANAGE_ACTOR',
  'INVALID_ACCESS_TOKEN',
  'ADS_COUNT_LIMIT_EXCEEDED',
  'ASSETS_COUNT_LIMIT_EXCEEDED',
  'UNKNOWN_ERROR',
] as const;
export type IntegrationIssueCode = (typeof integrationIssueCodes)[number];

/** The state of one ad account's sync, as its panel shows it. */
export const syncStates = ['IDLE', 'QUEUED', 'RUNNING', 'FAILED'] as const;
export type SyncState = (typeof syncStates)[number];

/** Meta's `account_status` values (reference §2) and the label the settings page shows. */
export const META_ACCOUNT_STATUS: Record<number, string> = {
  1: 'Active',
  2: 'Disabled',
  3: 'Unsettled',
  7: 'Pending risk review',
  8: 'Pending settlement',
  9: 'In grace period',
  100: 'Pending closure',
  101: 'Closed',
};

/** Where a user manages what Hookline may read on Meta (the integration's portalUrl). */
export const META_PORTAL_URL = 'https://www.facebook.com/settings/?tab=business_tools';

/** Publishing to Meta (the Meta integration issue): at most 50 videos at a time. */
export const PUBLISH_MAX_ENTITIES = 50;
export const adPlatforms = ['FACEBOOK'] as const;
/** A library video's state on an ad account (001 §3 Publish statuses). */
export const publishStatuses = ['UPLOADED', 'ACTIVE', 'FAILED_TO_UPLOAD', 'USED', 'INACTIVE'] as const;
export type PublishStatus = (typeof publishStatuses)[number];

/** Ads Manager exports: CSV or XLSX up to 50 MB. */
export const AD_EXPORT_MAX_BYTES = 50 * 1024 * 1024;
export const AD_EXPORT_CONTENT_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** The web keeps the count of issues the user has seen under this key (001 §2 Analytics banner). */
export const INTEGRATION_ISSUE_COUNT_KEY = 'integration-issue-count';

/** The three tabs of the Meta settings page; the first is the default (left out of the URL). */
export const metaSettingsTabs = ['adAccounts', 'pages', 'issues'] as const;
export type MetaSettingsTab = (typeof metaSettingsTabs)[number];
