import { BOARD_LIMITS } from '@hookline/contract';
import { Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type KeyboardEvent, useState } from 'react';
import { Hint } from '@/components/hint';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { libraryTexts } from '@/config/texts/library';
import type { Board } from '../api/keys';
import { useUpdateBoard } from '../api/update-board';
import classes from './boards.module.css';

/**
 * The board's title, edited in place (000 §5): Enter or leaving the field saves; Escape
 * cancels. An empty or blank title is not saved: 'titleRequired' shows and the previous title
 * comes back. An unchanged title is not sent; a refused save puts the previous one back with
 * the 'saveError' warning.
 */
export function BoardTitle({ board, canEdit }: { board: Board; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(board.name);
  const update = useUpdateBoard(board);

  const finish = () => {
    setEditing(false);
    const next = value.trim();
    if (!next) {
      setValue(board.name);
      notifications.show({
        id: 'board-title-required',
        color: 'yellow',
        message: t.titleRequired,
      });
      return;
    }
    if (next === board.name) return;
    update.mutate(
      { name: next },
      {
        onError: () =>
          notifications.show({
            id: 'board-title-save-error',
            color: 'yellow',
            title: libraryTexts.library.saveError,
            message: board.name,
          }),
      },
    );
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setValue(board.name);
      setEditing(false);
    }
  };

  if (!canEdit) {
    return (
      <Text component="h1" fw={600} size="xl" truncate data-testid="board-title">
        {board.name}
      </Text>
    );
  }
  if (editing) {
    return (
      <TextInput
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={onKey}
        onBlur={finish}
        maxLength={BOARD_LIMITS.nameMax}
        aria-label={t.editTitle}
        autoFocus
        size="md"
        w={480}
        maw="100%"
        data-testid="board-title-input"
      />
    );
  }
  return (
    <Hint label={t.editTitle}>
      <UnstyledButton
        component="h1"
        className={classes.titleButton}
        onClick={() => {
          setValue(board.name);
          setEditing(true);
        }}
        data-testid="board-title"
      >
        {board.name}
      </UnstyledButton>
    </Hint>
  );
}
