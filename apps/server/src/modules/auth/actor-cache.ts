import type { NotificationHandlers } from '../../platform/db/client.js';
import type { Actor } from '../../platform/http/actor.js';

/** The channel drizzle/0011's triggers notify. */
export const AUTH_CHANGES_CHANNEL = 'hookline_auth';

/** How long a resolved actor is reused: a few seconds of a busy client's requests. */
export const ACTOR_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Actors resolved from a session token (and the brand of the path), kept for a few seconds
 * so a busy client's requests skip the session query (issue 10: the access layer adds no
 * round trip). Safe only because every change to sessions, users, brands and memberships
 * reaches every process at once: the database notifies 'hookline_auth' at commit
 * (drizzle/0011) and each process forgets everything it holds. While the listening
 * connection is down the cache holds nothing, so a missed notice cannot keep a revoked
 * session alive; and a process forgets its own cache when it answers a write of the modules
 * whose data makes up actors (auth, team, brands: `changesActors` in their manifests), so
 * the writer's next request never races its own notice.
 */
export class ActorCache {
  private readonly entries = new Map<string, { actor: Actor; until: number }>();
  private live = false;
  private watching = false;

  /** `listen` subscribes to the channel; it is called on first use (API processes only). */
  constructor(private readonly listen: (handlers: NotificationHandlers) => Promise<unknown>) {}

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    this.listen({ onNotify: () => this.clear(), onLive: (live) => this.setLive(live) }).catch(() => {
      this.watching = false; // tried again on the next lookup
    });
  }
  /** Bumped by every clear: a lookup that began before a change never stores what it read. */
  private generation = 0;

  /** Whether notices arrive (set by the listener); false empties the cache and keeps it empty. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Call before the lookup whose answer `set` will store. */
  begin(): number {
    return this.generation;
  }

  get(key: string): Actor | undefined {
    this.watch();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.actor;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, actor: Actor, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { actor, until: Date.now() + ACTOR_CACHE_TTL_MS });
  }
}
