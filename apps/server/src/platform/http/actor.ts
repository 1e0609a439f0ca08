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
}

export type ShareRole = 'VIEWER' | 'COMMENTER' | 'EDITOR';

/**
 * A shared-link visitor or invited person acting through a share (filled by the sharing
 * issue). `resourcePath` is the shared item's materialised path; `includesChildren` is true
 * for folders and boards (their items are in scope too).
 */
export interface ShareActor {
  kind: 'share';
  shareId: string;
  accountId: string;
  brandId: string;
  scope: { type: 'asset' | 'folder' | 'board'; id: string; resourcePath: string; includesChildren: boolean };
  role: ShareRole;
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
