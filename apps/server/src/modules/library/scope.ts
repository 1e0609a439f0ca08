import type { Actor } from '../../platform/http/actor.js';
import type { ItemScope } from './repository.js';

export type { ItemScope };

/** Who acts in which brand (and library, where the path names one): every library call is brand-scoped. */
export interface LibraryScope extends ItemScope {
  actor: Actor;
}

/** The signed-in user behind an actor (favorites and authorship are theirs); null for others. */
export const actorUserId = (actor: Actor): string | null => (actor.kind === 'user' ? actor.userId : null);
