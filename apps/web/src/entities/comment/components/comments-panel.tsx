import type { Comment, Reply } from '@hookline/contract';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { commentsTexts } from '@/config/texts/comments';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { showSuccessToast } from '@/lib/notify';
import { type CommentFilters, useCommentActions, useCommentThreads, useMentionable } from '../api';
import { COMMENTS_FALLBACK_POLL_MS, useLiveComments } from '../live';
import { useReview } from '../review';
import { CommentComposer, type ReviewTools } from './comment-composer';
import type { ThreadActions, Viewer } from './comment-thread';
import { CommentSortMenu, CommentThreadList, showCommentDeleted } from './comments-panel-parts';

const t = commentsTexts.comments;
const TIMED = new Set(['VIDEO', 'AUDIO', 'ANIMATION']);

export interface CommentsPanelProps {
  scope: BrandScope;
  asset: AssetItem;
  viewer: Viewer | null;
  /** Video and audio: the playhead's time, for new comments' timestamps. */
  playhead?: (() => number | null) | undefined;
  /** A comment's timestamp, drawing or pin was chosen: the player shows it. */
  onSelect?: (comment: Reply) => void;
  /** The comment a link named (?commentId=…): scrolled to and marked. */
  highlightId?: string | null | undefined;
  /** What the stage can add to a new comment (in and out points, a drawing, a pin). */
  tools?: ReviewTools | undefined;
}

/**
 * The comments tab (000 §2 player, §4 "Comments", §5): the composer, the threads with the
 * seeds' sort (newest, oldest, commenter) and filters (resolved, mine), and live updates from
 * the item's event stream (polling every 5 s while it is down).
 */
export function CommentsPanel({
  scope,
  asset,
  viewer,
  playhead,
  onSelect,
  highlightId,
  tools,
}: CommentsPanelProps) {
  const review = useReview();
  const marked = review?.selected?.id ?? highlightId ?? null;
  const [filters, setFilters] = useState<CommentFilters>({ sort: 'newest' });
  const live = useLiveComments(scope, asset.id);
  const threads = useCommentThreads(scope, asset.id, filters, live ? false : COMMENTS_FALLBACK_POLL_MS);
  const people = useMentionable(scope, asset.id, Boolean(viewer?.canWrite));
  const api = useCommentActions(scope, asset.id);

  useEffect(() => {
    if (!highlightId || !threads.data) return;
    document
      .querySelector(`[data-comment-id="${CSS.escape(highlightId)}"]`)
      ?.scrollIntoView({ block: 'center' });
  }, [highlightId, threads.data]);

  const actions: ThreadActions = {
    reply: (parentId, value) => api.create.mutateAsync({ ...value, parentId }),
    edit: (id, content) => api.update.mutateAsync({ id, content }),
    remove: (comment) =>
      api.remove.mutate(comment.id, {
        onSuccess: () => showCommentDeleted(comment.id, () => api.restore.mutate(comment.id)),
      }),
    resolve: (comment: Comment, resolved) =>
      api.resolve.mutate(
        { id: comment.id, resolved },
        { onSuccess: () => showSuccessToast(resolved ? t.commentResolved : t.commentUnresolved) },
      ),
    react: (id, emoji) => api.react.mutate({ id, emoji }),
    unreact: (commentId, id) => api.unreact.mutate({ commentId, id }),
    select: (comment) => onSelect?.(comment),
  };

  const list = threads.data ?? [];
  return (
    <Stack gap="sm" data-testid="comments-panel">
      {viewer?.canWrite && (
        <CommentComposer
          placeholder={t.placeholder}
          submitLabel={t.send}
          mentionable={people.data}
          playhead={TIMED.has(asset.type) ? playhead : undefined}
          tools={tools}
          onSubmit={(value) => api.create.mutateAsync(value)}
        />
      )}
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {list.length === 1 ? t.oneThread : `${list.length} ${t.threads}`}
        </Text>
        <Group gap={4}>
          <CommentSortMenu value={filters.sort} onChange={(sort) => setFilters((f) => ({ ...f, sort }))} />
          <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
            <Menu.Target>
              <Button
                size="compact-xs"
                variant={filters.resolved !== undefined || filters.mine ? 'light' : 'subtle'}
                color="gray"
                leftSection={<IconAdjustmentsHorizontal size={14} />}
              >
                {t.filter}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                rightSection={filters.resolved === true ? <IconCheck size={14} /> : null}
                onClick={() =>
                  setFilters((f) => ({ ...f, resolved: f.resolved === true ? undefined : true }))
                }
              >
                {t.resolvedOnly}
              </Menu.Item>
              <Menu.Item
                rightSection={filters.resolved === false ? <IconCheck size={14} /> : null}
                onClick={() =>
                  setFilters((f) => ({ ...f, resolved: f.resolved === false ? undefined : false }))
                }
              >
                {t.openOnly}
              </Menu.Item>
              {viewer && (
                <Menu.Item
                  rightSection={filters.mine ? <IconCheck size={14} /> : null}
                  onClick={() => setFilters((f) => ({ ...f, mine: f.mine ? undefined : true }))}
                >
                  {t.mineOnly}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <CommentThreadList
        threads={threads}
        empty={filters.resolved !== undefined || filters.mine ? t.noMatches : t.empty}
        viewer={viewer}
        people={people.data}
        actions={actions}
        highlightId={marked}
      />
    </Stack>
  );
}
