import { BOARD_LIMITS, boardsMessages, interpolate } from '@hookline/contract';
import { Group, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { appTexts } from '@/config/texts/app';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { useFeatureFlag } from '@/lib/feature-flags';
import { showErrorToast } from '@/lib/notify';
import type { Board } from '../api/keys';
import { useUpdateBoard } from '../api/update-board';
import { RichBoardDescription } from './rich-description/rich-board-description';

/** Typing pauses this long before the description is saved. */
export const DESCRIPTION_SAVE_DELAY_MS = 1000;

/**
 * The board's description (000 §2: plain, or rich text when the board-templates flag is on).
 * This component is the one place that chooses the editor: with `boardTemplates` on, the rich
 * editor (lexicalDescription, rich-description/), else the plain text.
 */
export function BoardDescription({ board, canEdit }: { board: Board; canEdit: boolean }) {
  const richText = useFeatureFlag('boardTemplates');
  if (richText) return <RichBoardDescription board={board} canEdit={canEdit} />;
  return <PlainBoardDescription board={board} canEdit={canEdit} key={richText ? 'rich' : 'plain'} />;
}

type SaveState = 'idle' | 'saving' | 'saved';

/**
 * A plain textarea, saved 1 s after typing stops and when the field is left; an unchanged
 * text is not sent. A failed save keeps what was typed (the next pause or blur tries again)
 * and says 'Failed to save changes. Please try again.'
 */
function PlainBoardDescription({ board, canEdit }: { board: Board; canEdit: boolean }) {
  const update = useUpdateBoard(board);
  const [value, setValue] = useState(board.description ?? '');
  const [state, setState] = useState<SaveState>('idle');
  const saved = useRef(board.description ?? '');
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A refetch shows the new text unless the user is typing.
  useEffect(() => {
    const fresh = board.description ?? '';
    saved.current = fresh;
    if (!focused.current) setValue(fresh);
  }, [board.description]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = (text: string) => {
    clearTimeout(timer.current);
    if (text === saved.current) return;
    const previous = saved.current;
    saved.current = text;
    setState('saving');
    update.mutate(
      { description: text === '' ? null : text },
      {
        onSuccess: () => setState('saved'),
        onError: () => {
          saved.current = previous;
          setState('idle');
          showErrorToast({ message: boardsMessages.saveFailed });
        },
      },
    );
  };

  if (!canEdit) {
    if (!value) return null;
    return (
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        data-testid="board-description"
      >
        {value}
      </Text>
    );
  }
  return (
    <div>
      <Textarea
        aria-label={t.description}
        placeholder={t.descriptionPlaceholder}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={BOARD_LIMITS.descriptionMax}
        value={value}
        variant="unstyled"
        onChange={(event) => {
          const text = event.currentTarget.value;
          setValue(text);
          setState('idle');
          clearTimeout(timer.current);
          timer.current = setTimeout(() => save(text), DESCRIPTION_SAVE_DELAY_MS);
        }}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          save(value);
        }}
        data-testid="board-description-input"
      />
      {(focused.current || state !== 'idle') && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" aria-live="polite" data-testid="board-description-state">
            {state === 'saving' ? t.saving : state === 'saved' ? t.saved : ''}
          </Text>
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {interpolate(appTexts.common.charactersCount, {
              count: value.length,
              max: BOARD_LIMITS.descriptionMax,
            })}
          </Text>
        </Group>
      )}
    </div>
  );
}
