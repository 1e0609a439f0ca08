import { interpolate, ROOT_FOLDER_ID } from '@hookline/contract';
import { Button, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconFolderFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { analysisTexts as t } from '@/config/texts/analysis';
import { useFolders } from '../api/get-folders';
import type { BrandScope } from '../api/keys';
import classes from './player.module.css';

interface Place {
  id: string;
  name: string;
}

/**
 * Where a saved clip goes (issue 15, 'Save clip as asset'): browse the library's folders from
 * the root (system folders are not offered: clips cannot be saved there) and save in the one
 * open.
 */
export function ClipFolderPicker({
  scope,
  onClose,
  onPick,
}: {
  scope: BrandScope;
  onClose: () => void;
  onPick: (folderId: string) => void;
}) {
  const [path, setPath] = useState<Place[]>([{ id: ROOT_FOLDER_ID, name: t.library }]);
  const here = path[path.length - 1]!;
  const folders = useFolders(scope, here.id);
  const subfolders = (folders.data ?? []).filter((folder) => !folder.isSystem);
  return (
    <Modal opened onClose={onClose} title={t.pickFolderTitle} centered>
      <Stack gap="sm">
        <Group gap={6} wrap="nowrap">
          {path.length > 1 && (
            <UnstyledButton aria-label={t.back} onClick={() => setPath((p) => p.slice(0, -1))}>
              <IconArrowLeft size={16} />
            </UnstyledButton>
          )}
          <Text fw={600} size="sm" truncate data-testid="clip-folder-here">
            {here.name}
          </Text>
        </Group>
        <Stack gap={2} mih={160} mah={320} style={{ overflowY: 'auto' }} role="list">
          {folders.isPending ? (
            <Loader size="sm" />
          ) : subfolders.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.noSubfolders}
            </Text>
          ) : (
            subfolders.map((folder) => (
              <UnstyledButton
                key={folder.id}
                role="listitem"
                className={classes.transcriptLine}
                aria-label={interpolate(t.openFolder, { name: folder.name })}
                onClick={() => setPath((p) => [...p, { id: folder.id, name: folder.name }])}
              >
                <Group gap="xs" wrap="nowrap">
                  <IconFolderFilled size={16} color="var(--mantine-color-blue-5)" />
                  <Text size="sm" truncate style={{ flex: 1 }}>
                    {folder.name}
                  </Text>
                  <IconChevronRight size={14} />
                </Group>
              </UnstyledButton>
            ))
          )}
        </Stack>
        <Group justify="flex-end">
          <Button onClick={() => onPick(here.id)}>{t.saveHere}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
