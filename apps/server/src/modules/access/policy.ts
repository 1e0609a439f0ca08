import { type Permission, type PermissionResource, permissionResources } from '@hookline/contract';
import type { ShareRole } from '../../platform/http/actor.js';

/**
 * The permission table (000 §6): which actor may do what. One row per permission:
 *
 * - `users`: the least a signed-in user needs.
 *   - `self`: any signed-in user (the record is their own session, profile or brand list);
 *   - `reader`: may use the record's brand (a member of its account, not limited to other
 *     brands; account admins; super users);
 *   - `writer`: write access, which the seeds define as "authenticated and either a super
 *     user or acting in the user's own active brand". A user's own brands are the brands they
 *     may use, so today writer = reader for users; items reached through a share (another
 *     brand's items) are read-only unless the share says EDITOR;
 *   - `admin`: an admin of the record's account, or a super user;
 *   - `super`: super users only.
 * - `shares`: the share roles that may do it on records inside the share's scope.
 * - `system: 'deny'`: refused on system items (the Brand Kit folder), which are never
 *   renamed, moved or deleted.
 *
 * Anonymous callers may do nothing but call public endpoints.
 */
export type UserLevel = 'self' | 'reader' | 'writer' | 'admin' | 'super';

export interface PermissionRule {
  users: UserLevel;
  shares: readonly ShareRole[];
  system?: 'deny';
  /** Through a share, never on the shared item itself (moving or deleting it). */
  sharedRoot?: 'deny';
  /** Through a share, only when the share allows downloads. */
  downloads?: true;
}

const READ_SHARES: readonly ShareRole[] = ['VIEWER', 'COMMENTER', 'EDITOR'];
const EDIT_SHARES: readonly ShareRole[] = ['EDITOR'];
const COMMENT_SHARES: readonly ShareRole[] = ['COMMENTER', 'EDITOR'];
const NONE: readonly ShareRole[] = [];

export const permissionTable: Record<Permission, PermissionRule> = {
  'session.end': { users: 'self', shares: NONE },
  'profile.read': { users: 'self', shares: NONE },
  'brand.list': { users: 'self', shares: NONE },
  'industry.list': { users: 'self', shares: NONE },
  'upload.small': { users: 'self', shares: NONE },
  'share.list': { users: 'self', shares: NONE },
  // A share token reads its own grant; a signed-in user their person shares.
  'share.policy': { users: 'self', shares: READ_SHARES },

  'team.read': { users: 'reader', shares: NONE },
  'team.manage': { users: 'admin', shares: NONE },
  'plan.read': { users: 'reader', shares: NONE },
  'plan.manage': { users: 'admin', shares: NONE },

  'brand.read': { users: 'reader', shares: NONE },
  'brand.update': { users: 'admin', shares: NONE },
  'brand.creativeKit.update': { users: 'super', shares: NONE },
  'library.read': { users: 'reader', shares: NONE },
  'folder.create': { users: 'writer', shares: NONE },
  'asset.create': { users: 'writer', shares: NONE },
  'job.create': { users: 'writer', shares: NONE },
  'tag.manage': { users: 'writer', shares: NONE },
  'field.manage': { users: 'admin', shares: NONE },
  'board.create': { users: 'writer', shares: NONE },
  // Members read the brand's integrations and connect their own (user level); Meta is the
  // account's: admins connect, change and disconnect it (the service asks for
  // integration.manage when the vendor is FACEBOOK). Imports of ad data are for admins.
  'integration.read': { users: 'reader', shares: NONE },
  'integration.connect': { users: 'reader', shares: NONE },
  'integration.manage': { users: 'admin', shares: NONE },
  'adPerformance.import': { users: 'admin', shares: NONE },
  'analytics.read': { users: 'reader', shares: NONE },
  // The ad naming convention: members read it (and its preview), admins change it.
  'namingConvention.read': { users: 'reader', shares: NONE },
  'namingConvention.manage': { users: 'admin', shares: NONE },

  'asset.read': { users: 'reader', shares: READ_SHARES },
  'asset.favorite': { users: 'reader', shares: NONE },
  'asset.update': { users: 'writer', shares: EDIT_SHARES },
  'asset.rename': { users: 'writer', shares: EDIT_SHARES, system: 'deny' },
  'asset.move': { users: 'writer', shares: EDIT_SHARES, system: 'deny', sharedRoot: 'deny' },
  'asset.copy': { users: 'writer', shares: NONE },
  'asset.delete': { users: 'writer', shares: EDIT_SHARES, system: 'deny', sharedRoot: 'deny' },
  'asset.upload': { users: 'writer', shares: EDIT_SHARES },
  'asset.download': { users: 'reader', shares: READ_SHARES, downloads: true },
  'asset.gif': { users: 'writer', shares: NONE },
  // A folder's items: listing them, and adding to them (uploads, new folders, moves in). An
  // editor writes inside a shared folder, the shared folder itself included.
  'folder.read': { users: 'reader', shares: READ_SHARES },
  'folder.write': { users: 'writer', shares: EDIT_SHARES },
  // Managing an item's shares needs write access in its brand: no share role may.
  'share.manage': { users: 'writer', shares: NONE },
  // A recipient drops an item shared with them (the service refuses the owning brand's members).
  'share.unshare': { users: 'reader', shares: READ_SHARES },

  // The boards an item is on (the player's boards tab): write access in its brand.
  'asset.boards': { users: 'writer', shares: NONE },
  // A video's creative clips (video intelligence): members only; shares read its transcript and text.
  'asset.intelligence': { users: 'reader', shares: NONE },
  // More like this: look-alikes from the whole brand, so members only (a share sees only its own items).
  'asset.similar': { users: 'reader', shares: NONE },
  // An item's ad performance (the ads using it, their spend): members only, like creative analytics.
  'asset.performance': { users: 'reader', shares: NONE },
  // Uploading library videos to an ad account (001 §6: write access).
  'asset.publish': { users: 'writer', shares: NONE },

  // Boards: members of their brand; a board share reaches the board (and, through
  // asset.read, its items). Deleting is for its creator or an admin (the service decides
  // on the record); reviewing for the board's reviewers.
  'board.read': { users: 'reader', shares: READ_SHARES },
  'board.update': { users: 'writer', shares: EDIT_SHARES },
  'board.comment': { users: 'writer', shares: COMMENT_SHARES },
  'board.invite': { users: 'writer', shares: NONE },
  'board.delete': { users: 'writer', shares: NONE },
  'board.review': { users: 'writer', shares: COMMENT_SHARES },

  // Comments: anyone who may read the item reads them; members and commenting or editing
  // shares write. Only the author edits or deletes, only participants resolve (the service
  // decides those on the record).
  'comment.read': { users: 'reader', shares: READ_SHARES },
  'comment.create': { users: 'writer', shares: COMMENT_SHARES },
  'comment.write': { users: 'writer', shares: COMMENT_SHARES },
  'comment.resolve': { users: 'writer', shares: COMMENT_SHARES },
  'comment.react': { users: 'writer', shares: EDIT_SHARES },

  'job.read': { users: 'reader', shares: NONE },
  'job.cancel': { users: 'reader', shares: NONE },
};

export const resourceOf = (permission: Permission): PermissionResource => permissionResources[permission];
