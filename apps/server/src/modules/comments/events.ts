import type { NotificationHandlers } from '../../platform/db/client.js';

export const COMMENTS_CHANNEL = 'hookline_comments';

type Subscriber = (event: 'comments' | 'reconnect') => void;

/**
 * Live comments (issue #11): a database trigger notifies the item's id after every change to
 * its comments commits (drizzle/0014); each API process holds one LISTEN connection and fans
 * the ids out to the event streams open on that item. Ids only: clients refetch with their
 * own access. While notices may be lost (the listener reconnecting), every stream is told to
 * refetch once it is back.
 */
export class CommentEvents {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private listening: Promise<unknown> | null = null;

  constructor(private readonly listen: (handlers: NotificationHandlers) => Promise<unknown>) {}

  subscribe(assetId: string, subscriber: Subscriber): () => void {
    this.start();
    const set = this.subscribers.get(assetId) ?? new Set();
    set.add(subscriber);
    this.subscribers.set(assetId, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(assetId);
    };
  }

  private start(): void {
    if (this.listening) return;
    this.listening = this.listen({
      onNotify: (assetId) => {
        for (const subscriber of this.subscribers.get(assetId) ?? []) subscriber('comments');
      },
      onLive: (live) => {
        if (!live) return;
        for (const set of this.subscribers.values()) for (const subscriber of set) subscriber('reconnect');
      },
    }).catch(() => {
      this.listening = null; // tried again on the next subscription
    });
  }
}
