/** Sharing (000 §3 "Share", §4 "Public link and sharing", §6, §9) without schemas. */

/** What a person share lets its addressee do: the seeds' actions read (Commenter) and write (Editor). */
export const shareActions = ['read', 'write'] as const;
export type ShareAction = (typeof shareActions)[number];

/** Who a public link lets in: anyone holding it, or signed-in members of the sharer's brand. */
export const shareAudiences = ['ANYONE', 'BRAND'] as const;
export type ShareAudience = (typeof shareAudiences)[number];

/** The roles a share gives (the access table's share roles). */
export const shareRoles = ['VIEWER', 'COMMENTER', 'EDITOR'] as const;
export type ShareRoleName = (typeof shareRoles)[number];

/** A public link's expiry choices in the share modal (a date may be picked too). */
export const shareExpiryDays = [1, 7, 30] as const;

export const SHARE_LIMITS = {
  textMax: 2000,
  /** Addresses in one share request. */
  emailsPerRequest: 50,
  /** Share e-mails one user may send a day. */
  emailsPerDay: 200,
  passwordMin: 6,
  passwordMax: 128,
  /** A password-locked link's session lasts this long. */
  sessionHours: 2,
  /** Wrong passwords per link and per IP in the window, then 429. */
  unlockAttempts: 5,
  unlockWindowMinutes: 15,
  /** A visitor is counted once in this window. */
  viewWindowMinutes: 30,
  /** Media URLs handed to share visitors live this long. */
  mediaUrlMinutes: 10,
  /** The people list scrolls past this height (000 §9). */
  peopleListMaxHeight: 400,
  /** 'emailCopied' closes after this long. */
  copiedMs: 2000,
} as const;

/** A link token's prefix: a Bearer token that starts with it is a share token. */
export const SHARE_TOKEN_PREFIX = 'shr_';
/** A password-locked link's session token (sent as X-Share-Token like a link token). */
export const SHARE_SESSION_PREFIX = 'shs_';
export const SHARE_TOKEN_HEADER = 'x-share-token';

/** Whether a Bearer token is a share link's token or session rather than a login. */
export const isShareToken = (token: string) =>
  token.startsWith(SHARE_TOKEN_PREFIX) || token.startsWith(SHARE_SESSION_PREFIX);

/** Permission types of the authorization policy (000 §6). */
export const policyPermissionTypes = ['READ', 'WRITE', 'DELETE'] as const;
export type PolicyPermissionType = (typeof policyPermissionTypes)[number];

/** A resource path names the shared item; children are included when it ends in '/*'. */
export const sharedChildrenSuffix = '/*';

/**
 * The library resource path of a shared item (000 §6): `/{accountId}/{brandId}/{library}/{id}`,
 * and `/*` after it when the share reaches the item's children (folders and boards).
 */
export function shareResourcePath(
  item: { accountId: string; brandId: string; library: string; id: string },
  includesChildren: boolean,
): string {
  const path = `/${item.accountId}/${item.brandId}/${item.library}/${item.id}`;
  return includesChildren ? `${path}${sharedChildrenSuffix}` : path;
}
