import type { Comment, Reply } from '@hookline/contract';
import { UnstyledButton } from '@mantine/core';
import { Hint } from '@/components/hint';
import { commentsTexts } from '@/config/texts/comments';
import { formatTimestamp } from '../format';
import { textParts } from '../mentions';

const t = commentsTexts.comments;

const excerpt = (comment: Reply) =>
  textParts(comment.text)
    .map((part) => ('text' in part ? part.text : `@${part.mention}`))
    .join('')
    .slice(0, 80);

/**
 * Timeline markers under a video (issue #11): each timestamped thread at its time, a range as
 * a bar; clicking one seeks there and chooses the comment.
 */
export function CommentTimeline({
  threads,
  duration,
  selectedId,
  onChoose,
}: {
  threads: Comment[];
  duration: number;
  selectedId: string | null;
  onChoose: (comment: Reply) => void;
}) {
  const timed = threads.filter((thread) => thread.start !== null);
  if (duration <= 0 || timed.length === 0) return null;
  const at = (seconds: number) => `${Math.min(100, Math.max(0, (seconds / duration) * 100))}%`;
  return (
    <div
      data-testid="comment-timeline"
      style={{
        position: 'relative',
        height: 14,
        width: '100%',
        background: 'rgba(255,255,255,.08)',
        borderRadius: 7,
      }}
    >
      {timed.map((thread) => {
        const selected = thread.id === selectedId;
        const width =
          thread.end !== null ? `max(8px, calc(${at(thread.end)} - ${at(thread.start!)}))` : '10px';
        return (
          <Hint key={thread.id} label={`${formatTimestamp(thread.start!)} · ${excerpt(thread)}`}>
            <UnstyledButton
              aria-label={`${t.seekTo} ${formatTimestamp(thread.start!)}`}
              data-testid="timeline-marker"
              onClick={() => onChoose(thread)}
              style={{
                position: 'absolute',
                top: 2,
                left: thread.end !== null ? at(thread.start!) : `calc(${at(thread.start!)} - 5px)`,
                width,
                height: 10,
                borderRadius: 5,
                background: selected ? 'var(--mantine-color-orange-5)' : 'var(--mantine-color-violet-4)',
                opacity: thread.resolved ? 0.6 : 1,
              }}
            />
          </Hint>
        );
      })}
    </div>
  );
}
