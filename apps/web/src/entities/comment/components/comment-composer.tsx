import {
  COMMENT_LIMITS,
  interpolate,
  type MentionableUser,
  type Pin,
  VIDEO_TIME_UPDATE_POLL_MS,
} from '@hookline/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconClock, IconMapPin, IconScribble, IconX } from '@tabler/icons-react';
import { type ComponentType, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Hint } from '@/components/hint';
import { commentsTexts } from '@/config/texts/comments';
import { formatTimestamp } from '../format';
import { mentionName, mentionQueryAt, shownText, storedText } from '../mentions';
import { type Shape, useReview } from '../review';

const t = commentsTexts.comments;
const MENTION_LIST_MAX = 6;
const CARET_THROTTLE_MS = 100;

export interface ComposerSubmit {
  content: string;
  start?: number;
  end?: number;
  annotation?: { shapes: Shape[] };
  pin?: Pin;
}

/** What the stage can add to a new comment of this item. */
export interface ReviewTools {
  range: boolean;
  draw: boolean;
  pin: boolean;
  /** Drawing starts: the player pauses the video. */
  onDraw?: () => void;
}

export interface CommentComposerProps {
  /** The stored text being edited ('@[Name](id)' mentions), or nothing for a new comment. */
  initial?: string;
  placeholder: string;
  submitLabel: string;
  /** People the '@' list offers; none: mentions are off (share visitors). */
  mentionable?: MentionableUser[] | undefined;
  /** Video and audio: where the playhead is, for the timestamp chip. */
  playhead?: (() => number | null) | undefined;
  autoFocus?: boolean;
  /** A new comment on the player's item: in and out points, a drawing, a pin from the stage. */
  tools?: ReviewTools | undefined;
  onSubmit: (value: ComposerSubmit) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * The comment composer (000 §5): Enter submits, Shift+Enter adds a line, Escape closes; the
 * button is disabled for blank text; a counter to 4000. '@' opens the list of people to
 * mention (the caret is followed at most every 100 ms); mentions show as '@Full Name' and
 * are stored as '@[Full Name](id)'. On video and audio a removable chip takes the playhead's
 * time (read every 200 ms while the composer is open).
 */
export function CommentComposer({
  initial,
  placeholder,
  submitLabel,
  mentionable,
  playhead,
  autoFocus,
  tools,
  onSubmit,
  onCancel,
}: CommentComposerProps) {
  const review = useReview();
  const draft = tools && review ? review.draft : null;
  const hasRange = draft !== null && draft.start !== null;
  const start = initial ? shownText(initial) : { text: '', mentions: [] };
  const [text, setText] = useState(start.text);
  const [picked, setPicked] = useState<{ id: string; name: string }[]>(start.mentions);
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const [withTime, setWithTime] = useState(Boolean(playhead));
  const [time, setTime] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const lastCaret = useRef(0);

  useEffect(() => {
    if (!playhead || !withTime) return;
    const read = () => setTime(playhead());
    read();
    const timer = setInterval(read, VIDEO_TIME_UPDATE_POLL_MS);
    return () => clearInterval(timer);
  }, [playhead, withTime]);

  const matches = query
    ? (mentionable ?? [])
        .filter((user) => mentionName(user).toLowerCase().includes(query.query.toLowerCase()))
        .slice(0, MENTION_LIST_MAX)
    : [];

  // Typing updates the '@' list at once (the list always matches the text, so Enter picks
  // what is shown); moving the caret (arrows, clicks) is followed at most every 100 ms, with
  // a trailing update so it always catches up.
  const caretTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mentionAt = (value: string, caret: number) => {
    if (caretTimer.current) clearTimeout(caretTimer.current);
    caretTimer.current = null;
    lastCaret.current = Date.now();
    // The '@' word is followed even before the people have loaded: the list shows once they do.
    setQuery(mentionQueryAt(value, caret));
    setActive(0);
  };
  const followCaret = (value: string, caret: number) => {
    const update = () => mentionAt(value, caret);
    if (caretTimer.current) clearTimeout(caretTimer.current);
    const wait = CARET_THROTTLE_MS - (Date.now() - lastCaret.current);
    if (wait <= 0) update();
    else caretTimer.current = setTimeout(update, wait);
  };
  useEffect(
    () => () => {
      if (caretTimer.current) clearTimeout(caretTimer.current);
    },
    [],
  );

  const pick = (user: MentionableUser) => {
    if (!query) return;
    const name = mentionName(user);
    const caret = input.current?.selectionStart ?? text.length;
    const next = `${text.slice(0, query.start)}@${name} ${text.slice(caret)}`;
    setText(next);
    setPicked((current) =>
      current.some((p) => p.id === user.id) ? current : [...current, { id: user.id, name }],
    );
    setQuery(null);
    requestAnimationFrame(() => {
      const at = query.start + name.length + 2;
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
    });
  };

  const blank = text.trim().length === 0;
  const tooLong = text.length > COMMENT_LIMITS.textMax;
  const unchanged = initial !== undefined && storedText(text, picked).trim() === initial.trim();

  const submit = async () => {
    if (blank || tooLong || unchanged || sending) return;
    setSending(true);
    try {
      const round = (seconds: number) => Math.round(seconds * 10) / 10;
      await onSubmit({
        content: storedText(text, picked).trim(),
        ...(hasRange
          ? { start: round(draft.start!), ...(draft.end !== null ? { end: round(draft.end) } : {}) }
          : withTime && time !== null
            ? { start: round(time) }
            : {}),
        ...(draft && draft.shapes.length > 0 ? { annotation: { shapes: draft.shapes } } : {}),
        ...(draft?.pin ? { pin: draft.pin } : {}),
      });
      if (initial === undefined) {
        setText('');
        setPicked([]);
        if (draft) review?.clearDraft();
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[active]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <Stack gap={6}>
      <div style={{ position: 'relative' }}>
        <Textarea
          ref={input}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            mentionAt(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={(event) => {
            // Only caret moves: keys the composer handles itself change nothing here.
            if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key))
              followCaret(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onClick={(event) => followCaret(event.currentTarget.value, event.currentTarget.selectionStart)}
          onBlur={() => setTimeout(() => setQuery(null), 150)}
          placeholder={placeholder}
          aria-label={placeholder}
          autosize
          minRows={2}
          maxRows={8}
          autoFocus={autoFocus}
          error={tooLong ? t.tooLong : undefined}
          data-testid="comment-composer"
        />
        {matches.length > 0 && (
          <Paper
            shadow="md"
            withBorder
            radius="md"
            p={4}
            role="listbox"
            aria-label={t.mentionList}
            style={{ position: 'absolute', left: 0, right: 0, top: '100%', zIndex: 20 }}
          >
            {matches.map((user, index) => (
              <UnstyledButton
                key={user.id}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(user);
                }}
                style={{
                  display: 'block',
                  width: '100%',
                  padding: '6px 8px',
                  borderRadius: 6,
                  background: index === active ? 'var(--mantine-color-gray-1)' : undefined,
                }}
              >
                <Text size="sm" fw={500}>
                  {mentionName(user)}
                </Text>
                {user.email && (
                  <Text size="xs" c="dimmed">
                    {user.email}
                  </Text>
                )}
              </UnstyledButton>
            ))}
          </Paper>
        )}
      </div>
      {tools && review && (tools.range || tools.draw || tools.pin) && (
        <Group gap={4} data-testid="review-tools">
          {tools.range && playhead && (
            <>
              <Hint label={`${t.markIn} (I)`}>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => {
                    const now = playhead();
                    if (now !== null)
                      review.setDraft((d) => ({
                        ...d,
                        start: now,
                        end: d.end !== null && d.end > now ? d.end : null,
                      }));
                  }}
                >
                  {t.markIn}
                </Button>
              </Hint>
              <Hint label={`${t.markOut} (O)`}>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => {
                    const now = playhead();
                    if (now === null) return;
                    review.setDraft((d) =>
                      d.start !== null && now > d.start
                        ? { ...d, end: now }
                        : { ...d, start: now, end: null },
                    );
                  }}
                >
                  {t.markOut}
                </Button>
              </Hint>
            </>
          )}
          {tools.draw && (
            <Button
              size="compact-xs"
              variant={review.mode === 'draw' ? 'filled' : 'default'}
              leftSection={<IconScribble size={12} />}
              onClick={() => {
                if (review.mode === 'draw') review.setMode('idle');
                else {
                  tools.onDraw?.();
                  review.setMode('draw');
                }
              }}
            >
              {t.draw}
            </Button>
          )}
          {tools.pin && (
            <Button
              size="compact-xs"
              variant={review.mode === 'pin' ? 'filled' : 'default'}
              leftSection={<IconMapPin size={12} />}
              onClick={() => review.setMode(review.mode === 'pin' ? 'idle' : 'pin')}
            >
              {review.mode === 'pin' ? t.placePin : t.addPin}
            </Button>
          )}
        </Group>
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6}>
          {hasRange ? (
            <Chip
              icon={IconClock}
              removeLabel={t.removeTimestamp}
              onRemove={() => review?.setDraft((d) => ({ ...d, start: null, end: null }))}
              testId="composer-range"
            >
              {formatTimestamp(draft.start!)}
              {draft.end !== null ? `–${formatTimestamp(draft.end)}` : ''}
            </Chip>
          ) : (
            playhead &&
            (withTime ? (
              time !== null && (
                <Chip
                  icon={IconClock}
                  variant="light"
                  removeLabel={t.removeTimestamp}
                  onRemove={() => setWithTime(false)}
                  testId="composer-timestamp"
                >
                  {formatTimestamp(time)}
                </Chip>
              )
            ) : (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconClock size={12} />}
                onClick={() => setWithTime(true)}
              >
                {t.addTimestamp}
              </Button>
            ))
          )}
          {draft && draft.shapes.length > 0 && (
            <Chip
              icon={IconScribble}
              removeLabel={t.removeDrawing}
              onRemove={() => review?.setDraft((d) => ({ ...d, shapes: [] }))}
            >
              {interpolate(t.shapes, { count: draft.shapes.length })}
            </Chip>
          )}
          {draft?.pin && (
            <Chip
              icon={IconMapPin}
              removeLabel={t.removePin}
              onRemove={() => review?.setDraft((d) => ({ ...d, pin: null }))}
            >
              {t.addPin}
            </Chip>
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {text.length} / {COMMENT_LIMITS.textMax}
          </Text>
          {onCancel && (
            <Button size="compact-sm" variant="default" onClick={onCancel}>
              {t.cancel}
            </Button>
          )}
          <Button
            size="compact-sm"
            onClick={() => void submit()}
            disabled={blank || tooLong || unchanged}
            loading={sending}
          >
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** What a new comment carries besides its text (a time, a range, a drawing, a pin), with × to drop it. */
function Chip({
  icon: Icon,
  variant = 'default',
  removeLabel,
  onRemove,
  testId,
  children,
}: {
  icon: ComponentType<{ size?: number }>;
  variant?: 'default' | 'light';
  removeLabel: string;
  onRemove: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Badge
      variant={variant}
      tt="none"
      leftSection={<Icon size={12} />}
      rightSection={
        <ActionIcon size="xs" variant="transparent" aria-label={removeLabel} onClick={onRemove}>
          <IconX size={10} />
        </ActionIcon>
      }
      data-testid={testId}
    >
      {children}
    </Badge>
  );
}
