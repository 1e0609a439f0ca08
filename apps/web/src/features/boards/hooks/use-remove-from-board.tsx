import { BOARD_LIMITS, errorMessages, interpolate, libraryMessages } from '@hookline/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { Board } from '../api/keys';
import { useRemoveBoardAssets } from '../api/remove-board-assets';

export interface RemoveRequest {
  /** How many items the confirmation names. */
  count: number;
  /** The items' ids (a select-all past the loaded pages lists them first). */
  ids: () => Promise<string[]>;
}

/** Words the outcome of a removal (000 §8 "Board removal failure"). */
export function reportRemoval(asked: number, removed: number): void {
  if (removed === 0) {
    notifications.show({
      color: 'red',
      title: libraryMessages.removeAssetsError,
      message: errorMessages.content,
    });
  } else if (removed < asked) {
    notifications.show({
      color: 'yellow',
      title: t.removePartialTitle,
      message: interpolate(t.removePartial, { removed, count: asked }),
    });
  } else {
    notifications.show({
      color: 'teal',
      message: removed === 1 ? t.removedOne : interpolate(t.removedMany, { count: removed }),
    });
  }
}

/**
 * Remove from board (000 §5: confirmed, with the count): the files stay in the library. All
 * failed: 'Failed to Remove Assets'; some failed: a warning with how many were removed.
 */
export function useRemoveFromBoard(
  board: Pick<Board, 'id' | 'accountId' | 'brandId'>,
  { onRemoved }: { onRemoved?: (ids: string[]) => void } = {},
): { confirm: (request: RemoveRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<RemoveRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const removeAssets = useRemoveBoardAssets(board);

  const run = async (current: RemoveRequest) => {
    setBusy(true);
    let asked = current.count;
    try {
      const ids = (await current.ids()).slice(0, BOARD_LIMITS.removeAssetsMax);
      asked = ids.length;
      const { removed } = await removeAssets.mutateAsync(ids);
      onRemoved?.(removed);
      reportRemoval(asked, removed.length);
    } catch {
      reportRemoval(asked, 0);
    } finally {
      setBusy(false);
      setRequest(null);
    }
  };

  const count = request?.count ?? 0;
  const dialog = (
    <Modal
      opened={request !== null}
      onClose={() => !busy && setRequest(null)}
      title={t.removeTitle}
      centered
      data-testid="remove-from-board-modal"
    >
      <Text size="sm" fw={500}>
        {count === 1 ? t.removeOne : interpolate(t.removeMany, { count })}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t.removeText}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setRequest(null)} disabled={busy}>
          {t.cancel}
        </Button>
        <Button
          color="red"
          loading={busy}
          onClick={() => request && void run(request)}
          data-testid="confirm-remove-from-board"
        >
          {t.remove}
        </Button>
      </Group>
    </Modal>
  );
  return { confirm: setRequest, dialog };
}
