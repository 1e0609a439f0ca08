import { messages, type Permission } from '@hookline/contract';
import type { Actor, BrandStanding, ShareActor, UserActor } from '../../platform/http/actor.js';
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
export class AccessService {
  constructor(private readonly repository: AccessRepository) {}

  async require(actor: Actor, permission: Permission, ids: readonly string[] = []): Promise<void> {
    const rule = permissionTable[permission];
    if (actor.kind === 'anonymous') throw unauthorized();
    const resource = resourceOf(permission);
    if (resource === 'session') {
      if (actor.kind !== 'user') throw forbidden();
      return;
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
      case 'comment': {
        const rows =
          resource === 'asset'
            ? await this.repository.assetStandings(actor.userId, unique)
            : resource === 'job'
              ? await this.repository.jobStandings(actor.userId, unique)
              : await this.repository.commentStandings(actor.userId, unique);
        if (rows.length !== unique.length) throw notFoundFor(resource);
        for (const row of rows) {
          decide(actor, rule.users, row, resource);
          if (rule.system === 'deny' && row.isSystem) throw forbidden(messages.library.systemItem);
        }
        return;
      }
    }
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
    if (resource !== 'asset') throw forbidden();
    const rows = await this.repository.assetStandings('00000000-0000-0000-0000-000000000000', ids);
    if (rows.length !== ids.length || rows.some((row) => !inShareScope(actor, row))) throw notFound();
    if (!rule.shares.includes(actor.role)) throw forbidden();
    // An editor works inside the shared item, never on the shared item itself.
    if (rule.system === 'deny' && rows.some((row) => row.isSystem || row.id === actor.scope.id))
      throw forbidden();
  }
}

/** A user's standing in a brand decides: 404 when they may not use it, 403 when the level is beyond them. */
function decide(
  actor: UserActor,
  level: UserLevel,
  standing: BrandStanding | null | undefined,
  resource: 'brand' | 'asset' | 'job' | 'comment' = 'brand',
): void {
  if (!standing) throw notFoundFor(resource);
  if (actor.isSuperUser) return;
  const usable =
    standing.role === 'admin' ||
    (standing.role === 'member' &&
      (standing.restricted.length === 0 || standing.restricted.includes(standing.brandId)));
  if (!usable) throw notFoundFor(resource);
  if (level === 'super' || (level === 'admin' && standing.role !== 'admin')) throw forbidden();
}

function notFoundFor(resource: 'brand' | 'asset' | 'job' | 'comment' | 'account'): AppError {
  switch (resource) {
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

function inShareScope(actor: ShareActor, row: RecordStanding): boolean {
  if (row.brandId !== actor.brandId) return false;
  if (row.id === actor.scope.id) return true;
  return actor.scope.includesChildren && Boolean(row.path?.startsWith(actor.scope.resourcePath));
}
