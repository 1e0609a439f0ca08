import { boardsMessages, type RichText } from '@hookline/contract';
import { Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { boardsTexts } from '@/config/texts/boards-pages';
import { showErrorToast } from '@/lib/notify';
import type { Board } from '../../api/keys';
import { useUpdateBoard } from '../../api/update-board';
import { RichDescription } from './lazy';
import { isEmptyRichText, isRichTextTooLong, plainToRichText, toRichText } from './rich-text-doc';

/** Typing pauses this long before the description is saved (as the plain one). */
export const RICH_DESCRIPTION_SAVE_DELAY_MS = 1000;

/** The board's description as a rich document: the stored one, else its plain text in paragraphs. */
export function boardRichDescription(
  board: Pick<Board, 'description' | 'lexicalDescription'>,
): RichText | null {
  if (board.lexicalDescription) return board.lexicalDescription;
  return board.description ? plainToRichText(board.description) : null;
}

/** One key for "the same document" (an empty one is none). */
const keyOf = (doc: RichText | null) => (isEmptyRichText(doc) ? '' : JSON.stringify(toRichText(doc)));

type SaveState = 'idle' | 'saving' | 'saved';

/**
 * The board's rich description (000 §2 "Board detail" with the board-templates flag on): saved
 * as lexicalDescription 1 s after typing stops and when the editor is left (the server derives
 * the plain description from it). An unchanged document is not sent; an empty one clears the
 * description. A failed save keeps what was typed (the next pause or leaving tries again) and
 * says 'Failed to save changes. Please try again.' Readers see the document read-only.
 */
export function RichBoardDescription({ board, canEdit }: { board: Board; canEdit: boolean }) {
  const update = useUpdateBoard(board);
  const stored = useMemo(() => boardRichDescription(board), [board]);
  const [shown, setShown] = useState(stored);
  const [state, setState] = useState<SaveState>('idle');
  /** The editor's latest document while it is not saved yet. */
  const draft = useRef<RichText | null>(null);
  const saved = useRef(keyOf(stored));
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A refetch shows the new description unless the user is typing or has unsaved changes.
  useEffect(() => {
    if (focused.current || draft.current) return;
    saved.current = keyOf(stored);
    setShown(stored);
  }, [stored]);

  const save = () => {
    clearTimeout(timer.current);
    const doc = draft.current;
    if (!doc || isRichTextTooLong(doc)) return;
    draft.current = null;
    const key = keyOf(doc);
    if (key === saved.current) return;
    const previous = saved.current;
    saved.current = key;
    setState('saving');
    update.mutate(
      { lexicalDescription: key === '' ? null : doc },
      {
        onSuccess: () => setState('saved'),
        onError: () => {
          saved.current = previous;
          // Kept for the next try unless newer typing replaced it.
          draft.current ??= doc;
          setState('idle');
          showErrorToast({ message: boardsMessages.saveFailed });
        },
      },
    );
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  // Leaving the page within the pause still saves.
  useEffect(
    () => () => {
      if (draft.current) saveRef.current();
    },
    [],
  );

  if (!canEdit) {
    if (isEmptyRichText(stored)) return null;
    return (
      <div data-testid="board-description">
        <RichDescription value={stored} readOnly aria-label={boardsTexts.description} />
      </div>
    );
  }
  return (
    <div>
      <RichDescription
        value={shown}
        aria-label={boardsTexts.description}
        placeholder={boardsTexts.descriptionPlaceholder}
        onChange={(doc) => {
          draft.current = doc;
          setState('idle');
          clearTimeout(timer.current);
          timer.current = setTimeout(() => saveRef.current(), RICH_DESCRIPTION_SAVE_DELAY_MS);
        }}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          save();
        }}
        data-testid="board-rich-description"
      />
      {state !== 'idle' && (
        <Text size="xs" c="dimmed" mt={4} aria-live="polite" data-testid="board-description-state">
          {state === 'saving' ? boardsTexts.saving : boardsTexts.saved}
        </Text>
      )}
    </div>
  );
}
