import { messages, type Permission } from '@hookline/contract';
import type {
  Actor,
  BrandStanding,
  ShareActor,
  ShareGrant,
  ShareRole,
  UserActor,
} from '../../platform/http/actor.js';
import { AppError, forbidden, notFound, unauthorized } from '../../platform/http/errors.js';
import { type PermissionRule, permissionTable, resourceOf, type UserLevel } from './policy.js';
import type { AccessRepository, RecordStanding } from './repository.js';

/**
 * The one access check (in the manner of Immich's `requireAccess` and Outline's policies):
 * `require(actor, permission, ids)` is the first line of every service method that touches
 * a record. It checks every id of the call with one query (none when the request's session
 * lookup already brought the brand's standing) and throws:
 *
 * - 401 for an anonymous caller;
 * - 404 when the caller may not see a record at all (another tenant's, a brand they are
 *   limited away from, outside a share's scope, or missing): existence never leaks;
 * - 403 'Forbidden - You are not allowed to perform this action' when they may see it but
 *   not do this (a member doing an admin's action, a viewer writing, a system item moved).
 */
export interface RequireOptions {
  /**
   * Whether a signed-in user's person shares count (default yes). Listings pass their
   * includeShared flag: a brand's listing never mixes in what others shared.
   */
  personShares?: boolean;
}

export class AccessService {
  constructor(private readonly repository: AccessRepository) {}

  async require(
    actor: Actor,
    permission: Permission,
    ids: readonly string[] = [],
    options: RequireOptions = {},
  ): Promise<void> {
    const rule = permissionTable[permission];
    if (actor.kind === 'anonymous') throw unauthorized();
    const resource = resourceOf(permission);
    if (resource === 'session') {
      if (actor.kind === 'user' || rule.shares.includes(actor.role)) return;
      // A link visitor is not signed in: what needs a session sends them to sign-in.
      throw unauthorized();
    }
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new Error(`access.require(${permission}) needs the ids it checks`);
    if (actor.kind === 'share') return this.requireShare(actor, permission, rule, unique);

    switch (resource) {
      case 'account':
        return this.requireAccounts(actor, rule.users, unique);
      case 'brand': {
        const standings = await this.brandStandings(actor, unique);
        for (const id of unique) decide(actor, rule.users, standings.get(id));
        return;
      }
      case 'asset':
      case 'job':
      case 'comment':
      case 'board': {
        const rows = await this.standings(resource, actor.userId, unique);
        return this.checkRecords(actor, rule, resource, unique, rows, options);
      }
    }
  }

  /**
   * Several permissions on the same records (an update that also renames): `require` for
   * each in order, the first refused throwing; a signed-in user's records are read once.
   */
  async requireEvery(
    actor: Actor,
    permissions: readonly Permission[],
    ids: readonly string[],
    options: RequireOptions = {},
  ): Promise<void> {
    const resource = permissions[0] && resourceOf(permissions[0]);
    const oneRecordKind =
      (resource === 'asset' || resource === 'job' || resource === 'comment' || resource === 'board') &&
      permissions.every((permission) => resourceOf(permission) === resource);
    const unique = [...new Set(ids)];
    if (actor.kind !== 'user' || !oneRecordKind || unique.length === 0) {
      for (const permission of permissions) await this.require(actor, permission, ids, options);
      return;
    }
    const rows = await this.standings(resource, actor.userId, unique);
    for (const permission of permissions)
      await this.checkRecords(actor, permissionTable[permission], resource, unique, rows, options);
  }

  /** A signed-in user's check of records whose standings were read. */
  private async checkRecords(
    actor: UserActor,
    rule: PermissionRule,
    resource: 'asset' | 'job' | 'comment' | 'board',
    unique: string[],
    rows: RecordStanding[],
    options: RequireOptions,
  ): Promise<void> {
    if (rows.length !== unique.length) throw notFoundFor(resource);
    // Records of brands the user may not use are reached, if at all, through shares.
    const outside: RecordStanding[] = [];
    for (const row of rows) {
      if (!actor.isSuperUser && !usable(row)) {
        if (resource === 'job') throw notFoundFor(resource);
        outside.push(row);
        continue;
      }
      decide(actor, rule.users, row, resource);
      if (rule.system === 'deny' && row.isSystem) throw forbidden(messages.library.systemItem);
    }
    if (outside.length === 0) return;
    const grants = actor.linkShare ? [actor.linkShare] : [];
    if (options.personShares !== false) {
      const brandIds = [...new Set(outside.map((row) => row.brandId))];
      grants.push(...(await this.repository.personGrants(actor.userId, brandIds)));
    }
    return checkGrants(grants, rule, outside, resource, await this.boardFolders(grants, outside));
  }

  private standings(
    resource: 'asset' | 'job' | 'comment' | 'board',
    userId: string,
    ids: string[],
  ): Promise<RecordStanding[]> {
    switch (resource) {
      case 'asset':
        return this.repository.assetStandings(userId, ids);
      case 'job':
        return this.repository.jobStandings(userId, ids);
      case 'comment':
        return this.repository.commentStandings(userId, ids);
      case 'board':
        return this.repository.boardStandings(userId, ids);
    }
  }

  /** The boards the records' items are on, read only when a board share is among the grants. */
  private async boardFolders(
    grants: readonly ShareGrant[],
    rows: readonly RecordStanding[],
  ): Promise<Map<string, string[]>> {
    if (!grants.some((grant) => grant.scope.type === 'board')) return new Map();
    const assetIds = [...new Set(rows.flatMap((row) => (row.assetId ? [row.assetId] : [])))];
    return this.repository.boardFoldersOf(assetIds);
  }

  /** Whether the actor may do it (for answers that show or hide actions); never throws for a denial. */
  async can(actor: Actor, permission: Permission, ids: readonly string[] = []): Promise<boolean> {
    try {
      await this.require(actor, permission, ids);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /**
   * For what stays open after its check (an event stream): whether the actor may still do
   * it now. A link's grant was read when the request came in, so its share is looked up again.
   */
  async stillAllowed(actor: Actor, permission: Permission, ids: readonly string[]): Promise<boolean> {
    const grant = actor.kind === 'share' ? actor : actor.kind === 'user' ? actor.linkShare : undefined;
    if (grant && !(await this.repository.liveShare(grant.shareId))) return false;
    return this.can(actor, permission, ids);
  }

  /** Whether the actor reaches this brand's records through a share rather than as a member. */
  async throughShare(actor: Actor, brandId: string): Promise<boolean> {
    if (actor.kind === 'share' || (actor.kind === 'user' && actor.linkShare)) return true;
    return !(await this.can(actor, 'library.read', [brandId]));
  }

  /** The person shares a user holds in these brands (the authorization policy lists them). */
  personGrants(userId: string, brandIds: string[]): Promise<ShareGrant[]> {
    return this.repository.personGrants(userId, brandIds);
  }

  /** The account of a brand this request's access check has already looked at. */
  accountOfBrand(actor: UserActor, brandId: string): string {
    const standing = actor.standings.get(brandId);
    if (!standing) throw notFound(messages.api.brandNotFound);
    return standing.accountId;
  }

  /** The caller's role in an account (super users act as admins); 404 for outsiders. */
  async accountRole(actor: UserActor, accountId: string): Promise<'admin' | 'member'> {
    if (actor.isSuperUser) return 'admin';
    const [row] = await this.repository.accountRoles(actor.userId, [accountId]);
    if (!row?.role) throw notFound();
    return row.role;
  }

  private async requireAccounts(actor: UserActor, level: UserLevel, ids: string[]): Promise<void> {
    const rows = await this.repository.accountRoles(actor.userId, ids);
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) {
      if (actor.isSuperUser) continue;
      if (!row.role) throw notFound();
      if (level === 'super' || (level === 'admin' && row.role !== 'admin')) throw forbidden();
    }
  }

  /** Standings for these brands: the request's own first, the rest in one query. */
  private async brandStandings(actor: UserActor, ids: string[]): Promise<Map<string, BrandStanding | null>> {
    const known = new Map<string, BrandStanding | null>();
    const missing: string[] = [];
    for (const id of ids) {
      if (actor.standings.has(id)) known.set(id, actor.standings.get(id)!);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await this.repository.brandStandings(actor.userId, missing)) {
        known.set(row.brandId, row);
        actor.standings.set(row.brandId, row);
      }
    }
    return known;
  }

  private async requireShare(
    actor: ShareActor,
    permission: Permission,
    rule: PermissionRule,
    ids: string[],
  ): Promise<void> {
    const resource = resourceOf(permission);
    // Nothing outside the shared path answers: not the brand, its team, its jobs.
    if (resource !== 'asset' && resource !== 'comment' && resource !== 'board') throw notFound();
    const rows = await this.standings(resource, NO_USER, ids);
    if (rows.length !== ids.length) throw notFoundFor(resource);
    checkGrants([actor], rule, rows, resource, await this.boardFolders([actor], rows));
  }
}

const NO_USER = '00000000-0000-0000-0000-000000000000';
const ROLE_RANK: Record<ShareRole, number> = { VIEWER: 0, COMMENTER: 1, EDITOR: 2 };

/**
 * Records reached through shares: each must lie in a grant's path (404 otherwise: existence
 * never leaks), and the strongest grant covering it must give the permission (403). Share
 * roles never move or delete the shared item itself, and downloads follow the link's switch.
 * A board share reaches its board, the board's comments and the items on the board
 * (`boardFolders`: each item's boards, by their backing folders).
 */
function checkGrants(
  grants: readonly ShareGrant[],
  rule: PermissionRule,
  rows: readonly RecordStanding[],
  resource: 'asset' | 'comment' | 'job' | 'board',
  boardFolders: ReadonlyMap<string, string[]>,
): void {
  for (const row of rows) {
    let best: ShareGrant | undefined;
    for (const grant of grants) {
      if (inShareScope(grant, row, boardFolders) && (!best || ROLE_RANK[grant.role] > ROLE_RANK[best.role]))
        best = grant;
    }
    if (!best) throw notFoundFor(resource);
    if (!rule.shares.includes(best.role)) throw forbidden();
    if (rule.system === 'deny' && row.isSystem) throw forbidden(messages.library.systemItem);
    if (rule.sharedRoot === 'deny' && row.path === best.scope.resourcePath) throw forbidden();
    if (rule.downloads && !best.downloadsAllowed) throw forbidden();
  }
}

const usable = (standing: BrandStanding): boolean =>
  standing.role === 'admin' ||
  (standing.role === 'member' &&
    (standing.restricted.length === 0 || standing.restricted.includes(standing.brandId)));

/** A user's standing in a brand decides: 404 when they may not use it, 403 when the level is beyond them. */
function decide(
  actor: UserActor,
  level: UserLevel,
  standing: BrandStanding | null | undefined,
  resource: 'brand' | 'asset' | 'job' | 'comment' | 'board' = 'brand',
): void {
  if (!standing) throw notFoundFor(resource);
  if (actor.isSuperUser) return;
  if (!usable(standing)) throw notFoundFor(resource);
  if (level === 'super' || (level === 'admin' && standing.role !== 'admin')) throw forbidden();
}

function notFoundFor(resource: 'brand' | 'asset' | 'job' | 'comment' | 'board' | 'account'): AppError {
  switch (resource) {
    case 'board':
      return notFound(messages.boards.notFound);
    case 'comment':
      return notFound(messages.comments.notFound);
    case 'brand':
      return notFound(messages.api.brandNotFound);
    case 'asset':
      return notFound(messages.library.itemDeleted);
    case 'job':
      return notFound(messages.api.jobNotFound);
    default:
      return notFound();
  }
}

/**
 * Whether a record lies in a grant's scope: the shared item, or inside a shared folder; for a
 * board share, the board, its comments and the items on it.
 */
export function inShareScope(
  grant: ShareGrant,
  row: Pick<RecordStanding, 'brandId' | 'path' | 'assetId' | 'boardFolderId'>,
  boardFolders: ReadonlyMap<string, string[]> = new Map(),
): boolean {
  if (row.brandId !== grant.brandId) return false;
  if (grant.scope.type === 'board') {
    if (row.boardFolderId) return row.boardFolderId === grant.scope.id;
    return Boolean(row.assetId && boardFolders.get(row.assetId)?.includes(grant.scope.id));
  }
  if (!row.path) return false;
  return grant.scope.includesChildren
    ? row.path.startsWith(grant.scope.resourcePath)
    : row.path === grant.scope.resourcePath;
}
