import type { Actor } from '../../platform/http/actor.js';
import type { MediaViewer } from './media-urls.js';
import type { ItemScope } from './repository.js';

export type { ItemScope };

/** Who acts in which brand (and library, where the path names one): every library call is brand-scoped. */
export interface LibraryScope extends ItemScope {
  actor: Actor;
}

/** The signed-in user behind an actor (favorites and authorship are theirs); null for others. */
export const actorUserId = (actor: Actor): string | null => (actor.kind === 'user' ? actor.userId : null);

/** Whose stars a listing shows: the user's, or nobody's (a uuid no user has) for a link visitor. */
export const viewerId = (actor: Actor): string =>
  actorUserId(actor) ?? '00000000-0000-0000-0000-000000000000';

/** The scope of a brand-scoped call: who calls, in the brand its path names. */
export const callScope = (actor: Actor, params: { accountId: string; brandId: string }): LibraryScope => ({
  actor,
  accountId: params.accountId,
  brandId: params.brandId,
});

/** A share visitor's media URLs are short and name their share (media-urls.ts); members' are not. */
export function mediaViewer(actor: Actor): MediaViewer | undefined {
  const grant = actor.kind === 'share' ? actor : actor.kind === 'user' ? actor.linkShare : undefined;
  return grant ? { shareId: grant.shareId, downloadsAllowed: grant.downloadsAllowed } : undefined;
}
