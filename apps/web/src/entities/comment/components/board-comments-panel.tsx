import type { Comment } from '@hookline/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { commentsTexts } from '@/config/texts/comments';
import type { BrandScope } from '@/entities/asset/api/keys';
import { showSuccessToast } from '@/lib/notify';
import type { CommentFilters } from '../api';
import { useBoardCommentActions, useBoardCommentThreads, useBoardMentionable } from '../board-api';
import { COMMENTS_FALLBACK_POLL_MS } from '../live';
import { CommentComposer } from './comment-composer';
import type { ThreadActions, Viewer } from './comment-thread';
import { CommentSortMenu, CommentThreadList, showCommentDeleted } from './comments-panel-parts';

const t = commentsTexts.comments;

export interface BoardCommentsPanelProps {
  scope: BrandScope;
  boardId: string;
  viewer: Viewer | null;
  /** A comment was written or removed (the board's count changes). */
  onChanged?: () => void;
}

/**
 * A board's comments side panel: the composer (with mentions of the board's people), the
 * threads newest first (or oldest, or by commenter), replies, edits, resolve and reactions as
 * on an item. Boards have no event stream: the threads are fetched again every 5 s.
 */
export function BoardCommentsPanel({ scope, boardId, viewer, onChanged }: BoardCommentsPanelProps) {
  const [filters, setFilters] = useState<CommentFilters>({ sort: 'newest' });
  const threads = useBoardCommentThreads(scope, boardId, filters, COMMENTS_FALLBACK_POLL_MS);
  const people = useBoardMentionable(scope, boardId, Boolean(viewer?.canWrite));
  const api = useBoardCommentActions(scope, boardId, onChanged);

  const actions: ThreadActions = {
    reply: (parentId, value) => api.create.mutateAsync({ content: value.content, parentId }),
    edit: (id, content) => api.update.mutateAsync({ id, content }),
    remove: (comment) =>
      api.remove.mutate(comment.id, {
        onSuccess: () => {
          onChanged?.();
          showCommentDeleted(comment.id, () =>
            api.restore.mutate(comment.id, { onSuccess: () => onChanged?.() }),
          );
        },
      }),
    resolve: (comment: Comment, resolved) =>
      api.resolve.mutate(
        { id: comment.id, resolved },
        { onSuccess: () => showSuccessToast(resolved ? t.commentResolved : t.commentUnresolved) },
      ),
    react: (id, emoji) => api.react.mutate({ id, emoji }),
    unreact: (commentId, id) => api.unreact.mutate({ commentId, id }),
    select: () => undefined,
  };

  const list = threads.data ?? [];
  return (
    <Stack gap="sm" data-testid="board-comments-panel">
      {viewer?.canWrite && (
        <CommentComposer
          placeholder={t.placeholder}
          submitLabel={t.send}
          mentionable={people.data}
          onSubmit={(value) => api.create.mutateAsync({ content: value.content })}
        />
      )}
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {list.length === 1 ? t.oneThread : `${list.length} ${t.threads}`}
        </Text>
        <CommentSortMenu value={filters.sort} onChange={(sort) => setFilters((f) => ({ ...f, sort }))} />
      </Group>
      <CommentThreadList
        threads={threads}
        empty={t.empty}
        viewer={viewer}
        people={people.data}
        actions={actions}
        highlightId={null}
      />
    </Stack>
  );
}
