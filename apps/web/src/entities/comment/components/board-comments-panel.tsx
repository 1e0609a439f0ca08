import type { Comment } from '@hookline/contract';
import { Button, Group, Menu, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsSort, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { webTexts } from '@/config/texts';
import type { BrandScope } from '@/entities/asset/api/keys';
import { showSuccessToast } from '@/lib/notify';
import type { CommentFilters } from '../api';
import { useBoardCommentActions, useBoardCommentThreads, useBoardMentionable } from '../board-api';
import { COMMENTS_FALLBACK_POLL_MS } from '../live';
import { CommentComposer } from './comment-composer';
import { CommentThread, type ThreadActions, type Viewer } from './comment-thread';

const t = webTexts.comments;

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
          const id = `comment-deleted-${comment.id}`;
          notifications.show({
            id,
            color: 'gray',
            message: (
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{t.commentDeleted}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => {
                    notifications.hide(id);
                    api.restore.mutate(comment.id, { onSuccess: () => onChanged?.() });
                  }}
                >
                  {t.undo}
                </Button>
              </Group>
            ),
          });
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
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconArrowsSort size={14} />}
            >
              {t.sorts[filters.sort]}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(['newest', 'oldest', 'commenter'] as const).map((sort) => (
              <Menu.Item
                key={sort}
                rightSection={filters.sort === sort ? <IconCheck size={14} /> : null}
                onClick={() => setFilters((f) => ({ ...f, sort }))}
              >
                {t.sorts[sort]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {threads.isPending ? (
        <Stack gap="xs">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      ) : threads.isError ? (
        <LoadFailedAlert title={t.loadError} onRetry={() => void threads.refetch()} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md" data-testid="comments-empty">
          {t.empty}
        </Text>
      ) : (
        <Stack gap="md">
          {list.map((thread) => (
            <CommentThread
              key={thread.id}
              thread={thread}
              viewer={viewer}
              people={people.data}
              actions={actions}
              highlightId={null}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
