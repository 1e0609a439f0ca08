import {
  COMMENT_DATE_TOOLTIP_FORMAT,
  COMPANY_EDITOR_MENTION_ID,
  type Comment,
  type MentionableUser,
  type Reply,
} from '@hookline/contract';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Popover,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import {
  IconCheck,
  IconDots,
  IconMapPin,
  IconMoodSmile,
  IconPencil,
  IconScribble,
  IconTrash,
} from '@tabler/icons-react';
import { format, formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { Hint } from '@/components/hint';
import { commentsTexts } from '@/config/texts/comments';
import { formatTimestamp } from '../format';
import { textParts } from '../mentions';
import { CommentComposer, type ComposerSubmit } from './comment-composer';

const t = commentsTexts.comments;
/** The reactions offered at a click; any single emoji is accepted by the API. */
const QUICK_REACTIONS = ['👍', '❤️', '😂', '🎉', '👀', '🔥', '✅', '🙏'];

export interface Viewer {
  userId: string;
  isAdmin: boolean;
  /** May comment, reply and react (write access). */
  canWrite: boolean;
}

export interface ThreadActions {
  reply(parentId: string, value: ComposerSubmit): Promise<unknown>;
  edit(id: string, content: string): Promise<unknown>;
  remove(comment: Reply): void;
  resolve(comment: Comment, resolved: boolean): void;
  react(commentId: string, emoji: string): void;
  unreact(commentId: string, reactionId: string): void;
  /** A timestamp or a drawing was clicked: the player seeks (and pauses) there. */
  select(comment: Reply): void;
}

/** '0:12', or '0:12–0:15' for a range. */
const timeLabel = (comment: Reply) =>
  `${formatTimestamp(comment.start ?? 0)}${comment.end !== null ? `–${formatTimestamp(comment.end)}` : ''}`;

const initials = (first = '', last = '') => `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase() || '?';

/** A comment's text with its mentions as '@Full Name' ('@user_{id}' when the person is gone). */
function CommentText({ text, people }: { text: string; people: MentionableUser[] | undefined }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {textParts(text).map((part, index) =>
        'text' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, in order.
          <span key={index}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, in order.
          <Text key={index} span fw={600} c="violet.7">
            @
            {people && part.userId !== COMPANY_EDITOR_MENTION_ID && !people.some((p) => p.id === part.userId)
              ? `user_${part.userId}`
              : part.mention}
          </Text>
        ),
      )}
    </Text>
  );
}

function CommentItem({
  comment,
  root,
  viewer,
  people,
  actions,
  highlighted,
}: {
  comment: Reply;
  root: Comment;
  viewer: Viewer | null;
  people: MentionableUser[] | undefined;
  actions: ThreadActions;
  highlighted: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [picking, setPicking] = useState(false);
  const mine = viewer !== null && comment.userId === viewer.userId;
  const isRoot = comment.id === root.id;
  const participant =
    viewer !== null &&
    (root.userId === viewer.userId ||
      root.mentionUserIds.includes(viewer.userId) ||
      (viewer.isAdmin && root.mentionUserIds.includes(COMPANY_EDITOR_MENTION_ID)));
  const name = comment.user ? `${comment.user.firstName} ${comment.user.lastName}`.trim() : t.someone;
  const reactions = new Map<string, typeof comment.reactions>();
  for (const reaction of comment.reactions)
    reactions.set(reaction.emoji, [...(reactions.get(reaction.emoji) ?? []), reaction]);

  return (
    <Group
      align="flex-start"
      gap="sm"
      wrap="nowrap"
      data-testid="comment"
      data-comment-id={comment.id}
      style={{
        padding: 8,
        borderRadius: 8,
        background: highlighted ? 'var(--mantine-color-violet-0)' : undefined,
        transition: 'background 600ms',
      }}
    >
      <Avatar size={28} radius="xl" color="violet">
        {initials(comment.user?.firstName, comment.user?.lastName)}
      </Avatar>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            <Hint label={format(comment.createdAt, COMMENT_DATE_TOOLTIP_FORMAT)}>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {formatDistanceToNowStrict(comment.createdAt, { addSuffix: true })}
              </Text>
            </Hint>
            {isRoot && root.resolved && (
              <Badge size="xs" color="teal.9" variant="filled" tt="none" style={{ flexShrink: 0 }}>
                {t.resolved}
              </Badge>
            )}
          </Group>
          <Group gap={0} wrap="nowrap" style={{ flexShrink: 0 }}>
            {viewer?.canWrite && (
              <Popover opened={picking} onChange={setPicking} position="top-start" withinPortal shadow="md">
                <Popover.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t.addReaction}
                    onClick={() => setPicking((o) => !o)}
                  >
                    <IconMoodSmile size={14} />
                  </ActionIcon>
                </Popover.Target>
                <Popover.Dropdown p={4}>
                  <Group gap={2}>
                    {QUICK_REACTIONS.map((emoji) => (
                      <UnstyledButton
                        key={emoji}
                        aria-label={emoji}
                        onClick={() => {
                          setPicking(false);
                          actions.react(comment.id, emoji);
                        }}
                        style={{ fontSize: 18, padding: 4, borderRadius: 6 }}
                      >
                        {emoji}
                      </UnstyledButton>
                    ))}
                  </Group>
                </Popover.Dropdown>
              </Popover>
            )}
            {viewer && (mine || (isRoot && participant)) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t.commentActions}>
                    <IconDots size={14} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {isRoot && participant && (
                    <Menu.Item
                      leftSection={<IconCheck size={14} />}
                      onClick={() => actions.resolve(root, !root.resolved)}
                    >
                      {root.resolved ? t.unresolve : t.resolve}
                    </Menu.Item>
                  )}
                  {mine && (
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                      {t.edit}
                    </Menu.Item>
                  )}
                  {mine && (
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => actions.remove(comment)}
                    >
                      {t.delete}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        {(comment.start !== null || comment.annotation || comment.pin) && (
          <Group gap={4}>
            {comment.start !== null && (
              <Badge
                component="button"
                type="button"
                variant="light"
                tt="none"
                style={{ cursor: 'pointer' }}
                onClick={() => actions.select(comment)}
                c="violet.9"
                aria-label={`${t.seekTo} ${timeLabel(comment)}`}
              >
                {timeLabel(comment)}
              </Badge>
            )}
            {comment.annotation && (
              <Badge
                component="button"
                type="button"
                variant="default"
                tt="none"
                leftSection={<IconScribble size={12} />}
                style={{ cursor: 'pointer' }}
                onClick={() => actions.select(comment)}
              >
                {t.drawing}
              </Badge>
            )}
            {comment.pin && (
              <Badge
                component="button"
                type="button"
                variant="default"
                tt="none"
                leftSection={<IconMapPin size={12} />}
                style={{ cursor: 'pointer' }}
                onClick={() => actions.select(comment)}
              >
                {t.pin}
              </Badge>
            )}
          </Group>
        )}
        {editing ? (
          <CommentComposer
            initial={comment.text}
            placeholder={t.editPlaceholder}
            submitLabel={t.save}
            mentionable={people}
            autoFocus
            onSubmit={async ({ content }) => {
              await actions.edit(comment.id, content);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <CommentText text={comment.text} people={people} />
        )}
        {reactions.size > 0 && (
          <Group gap={4}>
            {[...reactions].map(([emoji, list]) => {
              const own = viewer ? list.find((r) => r.userId === viewer.userId) : undefined;
              const names = list
                .map((r) => (r.user ? `${r.user.firstName} ${r.user.lastName}`.trim() : t.someone))
                .join(', ');
              return (
                <Hint key={emoji} label={names}>
                  <Badge
                    component="button"
                    type="button"
                    variant={own ? 'filled' : 'light'}
                    color={own ? 'violet' : 'gray'}
                    tt="none"
                    style={{ cursor: viewer?.canWrite ? 'pointer' : 'default' }}
                    disabled={!viewer?.canWrite}
                    onClick={() =>
                      viewer?.canWrite &&
                      (own ? actions.unreact(comment.id, own.id) : actions.react(comment.id, emoji))
                    }
                    aria-label={`${emoji} ${list.length}`}
                  >
                    {emoji} {list.length}
                  </Badge>
                </Hint>
              );
            })}
          </Group>
        )}
      </Stack>
    </Group>
  );
}

/** A thread (000 §4 "Comments"): the comment, its replies and the Reply composer. */
export function CommentThread({
  thread,
  viewer,
  people,
  actions,
  highlightId,
}: {
  thread: Comment;
  viewer: Viewer | null;
  people: MentionableUser[] | undefined;
  actions: ThreadActions;
  highlightId: string | null;
}) {
  const [replying, setReplying] = useState(false);
  // The reply closes on Escape or a click outside it.
  const replyRef = useClickOutside(() => setReplying(false));
  return (
    <Stack
      gap={2}
      data-testid="comment-thread"
      data-resolved={thread.resolved || undefined}
      style={{
        // A resolved thread is marked by its badge and a quiet rule, not faded (text stays readable).
        borderLeft: `2px solid var(--mantine-color-${thread.resolved ? 'teal-3' : 'gray-2'})`,
        paddingLeft: 6,
      }}
    >
      {[thread, ...thread.children].map((comment) => (
        <div key={comment.id} style={{ paddingLeft: comment.id === thread.id ? 0 : 28 }}>
          <CommentItem
            comment={comment}
            root={thread}
            viewer={viewer}
            people={people}
            actions={actions}
            highlighted={comment.id === highlightId}
          />
        </div>
      ))}
      {viewer?.canWrite &&
        (replying ? (
          <div ref={replyRef} style={{ paddingLeft: 36 }}>
            <CommentComposer
              placeholder={t.replyPlaceholder}
              submitLabel={t.reply}
              mentionable={people}
              autoFocus
              onSubmit={async (value) => {
                await actions.reply(thread.id, value);
                setReplying(false);
              }}
              onCancel={() => setReplying(false)}
            />
          </div>
        ) : (
          <Group pl={44}>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setReplying(true)}>
              {t.reply}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
