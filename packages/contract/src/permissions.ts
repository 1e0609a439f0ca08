/**
 * Every action a caller can take on a record (000 §6). Each endpoint declares one of these
 * (or 'public'); the server's permission table (modules/access) says which actor may do it,
 * and services check it with `access.require(actor, permission, ids)` on the exact records.
 *
 * The value names the kind of record a permission's ids refer to: `session` (the caller
 * themself: no ids), `account`, `brand`, `asset`, `job`, `comment` or `board`.
 */
export type PermissionResource = 'session' | 'account' | 'brand' | 'asset' | 'job' | 'comment' | 'board';

export const permissionResources = {
  // the caller's own session and profile
  'session.end': 'session',
  'profile.read': 'session',
  'brand.list': 'session',
  'industry.list': 'session',
  'upload.small': 'session',
  'share.list': 'session',
  'share.policy': 'session',
  // accounts: team and plan
  'team.read': 'account',
  'team.manage': 'account',
  'plan.read': 'account',
  'plan.manage': 'account',
  // brands
  'brand.read': 'brand',
  'brand.update': 'brand',
  'brand.creativeKit.update': 'brand',
  'library.read': 'brand',
  'folder.create': 'brand',
  'asset.create': 'brand',
  'job.create': 'brand',
  'tag.manage': 'brand',
  'field.manage': 'brand',
  'board.create': 'brand',
  // integrations (the brand's Meta connection; each user's own Drive and Dropbox) and ad data
  'integration.read': 'brand',
  'integration.connect': 'brand',
  'integration.manage': 'brand',
  'adPerformance.import': 'brand',
  'analytics.read': 'brand',
  'namingConvention.read': 'brand',
  'namingConvention.manage': 'brand',
  // library items
  'asset.read': 'asset',
  'asset.favorite': 'asset',
  'asset.update': 'asset',
  'asset.rename': 'asset',
  'asset.move': 'asset',
  'asset.copy': 'asset',
  'asset.delete': 'asset',
  'asset.upload': 'asset',
  'asset.download': 'asset',
  'asset.gif': 'asset',
  'folder.read': 'asset',
  'folder.write': 'asset',
  'share.manage': 'asset',
  'share.unshare': 'asset',
  'asset.boards': 'asset',
  'asset.publish': 'asset',
  'asset.intelligence': 'asset',
  'asset.similar': 'asset',
  'asset.performance': 'asset',
  'comment.read': 'asset',
  'comment.create': 'asset',
  // comments (their item's brand and share scope decide)
  'comment.write': 'comment',
  'comment.resolve': 'comment',
  'comment.react': 'comment',
  // boards (a board share reaches the board and its items)
  'board.read': 'board',
  'board.update': 'board',
  'board.comment': 'board',
  'board.invite': 'board',
  'board.delete': 'board',
  'board.review': 'board',
  // jobs
  'job.read': 'job',
  'job.cancel': 'job',
} as const satisfies Record<string, PermissionResource>;

export type Permission = keyof typeof permissionResources;
export const permissions = Object.keys(permissionResources) as Permission[];
