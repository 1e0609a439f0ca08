/**
 * Who is calling (architecture §4): resolved by the HTTP layer from the request, once, and
 * handed to services, whose first line asks `access.require(actor, permission, ids)`
 * (modules/access). The type lives here because the HTTP layer makes it; the rules that
 * read it live in modules/access.
 */

/** A signed-in user's standing in one brand, as the session lookup found it. */
export interface BrandStanding {
  brandId: string;
  accountId: string;
  /** The user's role in the brand's account; null when not a member. */
  role: 'admin' | 'member' | null;
  /** Brands the member is limited to in that account (empty = all of them). */
  restricted: string[];
}

/** The signed-in user of a request (Bearer session). */
export interface AuthUser {
  userId: string;
  email: string;
  isSuperUser: boolean;
  sessionId: string;
}

export interface UserActor extends AuthUser {
  kind: 'user';
  /**
   * Standings already known for this request (brandId → standing, null = no such brand in
   * the path's account): the brand-scoped session lookup fills the path's brand, so the
   * access check of a brand-scoped call costs no extra query.
   */
  standings: Map<string, BrandStanding | null>;
  /** The grant of a share token sent along with the session (it adds only that share). */
  linkShare?: ShareGrant | undefined;
}

export type ShareRole = 'VIEWER' | 'COMMENTER' | 'EDITOR';

/**
 * What one share gives (modules/shares resolves it from the database on every request, so a
 * revoked share grants nothing at once). `resourcePath` is the shared item's current
 * materialised path; `includesChildren` is true for folders and boards (their items are in
 * scope too).
 */
export interface ShareGrant {
  shareId: string;
  accountId: string;
  brandId: string;
  library: string;
  scope: { type: 'asset' | 'folder' | 'board'; id: string; resourcePath: string; includesChildren: boolean };
  role: ShareRole;
  downloadsAllowed: boolean;
}

/** A shared-link visitor: a link token (or a locked link's session) and no sign-in. */
export interface ShareActor extends ShareGrant {
  kind: 'share';
}

export interface AnonymousActor {
  kind: 'anonymous';
}

export type Actor = UserActor | ShareActor | AnonymousActor;

export const ANONYMOUS: AnonymousActor = Object.freeze({ kind: 'anonymous' });

export function userActor(user: AuthUser, standings?: Iterable<BrandStanding | [string, null]>): UserActor {
  const map = new Map<string, BrandStanding | null>();
  for (const entry of standings ?? []) {
    if (Array.isArray(entry)) map.set(entry[0], null);
    else map.set(entry.brandId, entry);
  }
  return { kind: 'user', ...user, standings: map };
}

/**
 * The user behind an actor, for a service that has already required a permission only users
 * hold (the access table grants those to no share and no anonymous caller).
 */
export function userOf(actor: Actor): UserActor {
  if (actor.kind !== 'user') throw new Error(`a ${actor.kind} actor reached a users-only path`);
  return actor;
}
