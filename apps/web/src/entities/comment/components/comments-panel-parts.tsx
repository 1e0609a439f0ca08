import type { Comment, CommentSort, MentionableUser } from '@hookline/contract';
import { Button, Group, Menu, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsSort, IconCheck } from '@tabler/icons-react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { commentsTexts } from '@/config/texts/comments';
import { CommentThread, type ThreadActions, type Viewer } from './comment-thread';

const t = commentsTexts.comments;

// What an item's comments tab and a board's comments panel share: the toast after a delete
// (with Undo), the sort menu and the list of threads.

/** 'Comment deleted' with Undo, which hides the toast and calls `undo`. */
export function showCommentDeleted(commentId: string, undo: () => void): void {
  const id = `comment-deleted-${commentId}`;
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
            undo();
          }}
        >
          {t.undo}
        </Button>
      </Group>
    ),
  });
}

/** The threads' order: newest, oldest or by commenter. */
export function CommentSortMenu({
  value,
  onChange,
}: {
  value: CommentSort;
  onChange: (sort: CommentSort) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconArrowsSort size={14} />}>
          {t.sorts[value]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(['newest', 'oldest', 'commenter'] as const).map((sort) => (
          <Menu.Item
            key={sort}
            rightSection={value === sort ? <IconCheck size={14} /> : null}
            onClick={() => onChange(sort)}
          >
            {t.sorts[sort]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The threads: placeholders while they load, a retry when they fail, `empty` when there are none. */
export function CommentThreadList({
  threads,
  empty,
  viewer,
  people,
  actions,
  highlightId,
}: {
  threads: { isPending: boolean; isError: boolean; data: Comment[] | undefined; refetch: () => unknown };
  empty: string;
  viewer: Viewer | null;
  people: MentionableUser[] | undefined;
  actions: ThreadActions;
  highlightId: string | null;
}) {
  const list = threads.data ?? [];
  return threads.isPending ? (
    <Stack gap="xs">
      <Skeleton height={56} radius="md" />
      <Skeleton height={56} radius="md" />
    </Stack>
  ) : threads.isError ? (
    <LoadFailedAlert title={t.loadError} onRetry={() => void threads.refetch()} />
  ) : list.length === 0 ? (
    <Text size="sm" c="dimmed" ta="center" py="md" data-testid="comments-empty">
      {empty}
    </Text>
  ) : (
    <Stack gap="md">
      {list.map((thread) => (
        <CommentThread
          key={thread.id}
          thread={thread}
          viewer={viewer}
          people={people}
          actions={actions}
          highlightId={highlightId}
        />
      ))}
    </Stack>
  );
}
