import { interpolate } from '@hookline/contract';
import { Button, Checkbox, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { Board } from '../api/keys';

/**
 * Deleting a board (000 §5: destroying data is confirmed). The files uploaded to it stay in
 * the library (its folder becomes an ordinary one) unless 'Also delete the {n} files uploaded
 * to this board' is ticked; the box shows only when there are such files (uploadedCount).
 */
export function DeleteBoardModal({
  board,
  opened,
  onClose,
  onConfirm,
  busy,
}: {
  board: Board;
  opened: boolean;
  onClose: () => void;
  onConfirm: (deleteUploadedFiles: boolean) => void;
  busy: boolean;
}) {
  const [withFiles, setWithFiles] = useState(false);
  const uploaded = board.uploadedCount;
  const close = () => {
    setWithFiles(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t.deleteTitle} centered data-testid="delete-board-modal">
      <Text size="sm">{interpolate(t.deleteText, { name: board.name })}</Text>
      {uploaded > 0 && (
        <Checkbox
          mt="md"
          checked={withFiles}
          onChange={(event) => setWithFiles(event.currentTarget.checked)}
          label={uploaded === 1 ? t.deleteFilesOne : interpolate(t.deleteFiles, { n: uploaded })}
          data-testid="delete-uploaded-files"
        />
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          {t.cancel}
        </Button>
        <Button
          color="red"
          loading={busy}
          onClick={() => onConfirm(withFiles)}
          data-testid="confirm-delete-board"
        >
          {t.delete}
        </Button>
      </Group>
    </Modal>
  );
}
