import type { Actor } from '../../platform/http/actor.js';
import type { ItemScope } from './repository.js';

export type { ItemScope };

/** Who acts in which brand (and library, where the path names one): every library call is brand-scoped. */
export interface LibraryScope extends ItemScope {
  actor: Actor;
}

/** The signed-in user behind an actor (favorites and authorship are theirs); null for others. */
export const actorUserId = (actor: Actor): string | null => (actor.kind === 'user' ? actor.userId : null);

/** The scope of a brand-scoped call: who calls, in the brand its path names. */
export const callScope = (actor: Actor, params: { accountId: string; brandId: string }): LibraryScope => ({
  actor,
  accountId: params.accountId,
  brandId: params.brandId,
});
