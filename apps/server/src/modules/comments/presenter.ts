import type { Comment, CommentUser, Reaction, Reply } from '@hookline/contract';
import type { CommentRow, ReactionRow, UserRef } from './repository.js';

/** What answers read besides the rows: people by id, reactions by comment, the items' names. */
export interface PresentContext {
  users: Map<string, UserRef>;
  reactions: Map<string, ReactionRow[]>;
  assets: Map<string, { id: string; name: string }>;
  /** Share visitors do not see e-mail addresses. */
  withEmails: boolean;
}

const userOf = (id: string | null, ctx: PresentContext): CommentUser | null => {
  const user = id ? ctx.users.get(id) : undefined;
  return user
    ? {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: ctx.withEmails ? user.email : null,
      }
    : null;
};

const presentReaction = (row: ReactionRow, ctx: PresentContext): Reaction => ({
  id: row.id,
  emoji: row.emoji,
  userId: row.userId,
  user: userOf(row.userId, ctx),
  createdAt: row.createdAt,
});

export const presentReply = (row: CommentRow, ctx: PresentContext): Reply => ({
  id: row.id,
  text: row.text,
  user: userOf(row.userId, ctx),
  userId: row.userId,
  start: row.start,
  end: row.end,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  resolved: row.resolved,
  parentId: row.parentId,
  reactions: (ctx.reactions.get(row.id) ?? []).map((reaction) => presentReaction(reaction, ctx)),
  asset: row.assetId ? (ctx.assets.get(row.assetId) ?? null) : null,
  board: row.boardId ? { id: row.boardId } : null,
  mentionUserIds: row.mentionUserIds,
  annotation: row.annotation ?? null,
  pin: row.pin ?? null,
});

/** A thread: the root with its replies, oldest first. */
export const presentThread = (root: CommentRow, replies: CommentRow[], ctx: PresentContext): Comment => ({
  ...presentReply(root, ctx),
  children: replies.map((reply) => presentReply(reply, ctx)),
});
