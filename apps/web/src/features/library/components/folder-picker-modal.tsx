import { interpolate, ROOT_FOLDER_ID } from '@hookline/contract';
import {
  ActionIcon,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconFolderFilled, IconFolderPlus } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { Hint } from '@/components/hint';
import { libraryTexts } from '@/config/texts/library';
import { useFolders } from '@/entities/asset/api/get-folders';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useCreateFolder } from '../api/create-folder';
import type { MoveCopyKind } from '../api/move-copy-assets';
import classes from './library.module.css';

const t = libraryTexts.library;

export interface FolderPickerRequest {
  kind: MoveCopyKind;
  /** The items to move or copy. */
  itemIds: string[];
  count: number;
  /** The folder the items are in now (root for the library root). */
  currentParentId: string;
}

interface Crumb {
  id: string;
  name: string;
}

/**
 * The copy / move folder picker (000 §5): browse from the root; system folders are hidden;
 * submit is disabled when the chosen folder is one of the moved items or their current
 * parent; a moved folder cannot be opened (nothing moves into itself); new folder inline.
 */
export function FolderPickerModal({
  scope,
  request,
  onClose,
  onSubmit,
}: {
  scope: BrandScope;
  request: FolderPickerRequest | null;
  onClose: () => void;
  onSubmit: (destFolderId: string) => void;
}) {
  const title = request
    ? interpolate(request.kind === 'move' ? t.moveTitle : t.copyTitle, {
        count: request.count === 1 ? t.item : interpolate(t.items, { count: request.count }),
      })
    : '';
  return (
    <Modal opened={request !== null} onClose={onClose} title={title} centered size="md">
      {request && <Picker scope={scope} request={request} onClose={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

function Picker({
  scope,
  request,
  onClose,
  onSubmit,
}: {
  scope: BrandScope;
  request: FolderPickerRequest;
  onClose: () => void;
  onSubmit: (destFolderId: string) => void;
}) {
  const [trail, setTrail] = useState<Crumb[]>([{ id: ROOT_FOLDER_ID, name: t.pickerRoot }]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [newName, setNewName] = useState<string | null>(null);
  const browsing = trail[trail.length - 1] as Crumb;
  const folders = useFolders(scope, browsing.id);
  const create = useCreateFolder(scope);
  const visible = (folders.data ?? []).filter((folder) => !folder.isSystem && folder.type === 'FOLDER');
  const target = chosen ?? browsing.id;
  const isMovedItem = request.itemIds.includes(target);
  const isCurrentParent = target === request.currentParentId;
  const disabled = isMovedItem || isCurrentParent;

  const open = (folder: Crumb) => {
    setTrail((current) => [...current, folder]);
    setChosen(null);
  };
  const createInline = () => {
    const name = newName?.trim();
    if (!name) {
      setNewName(null);
      return;
    }
    create.mutate(
      { parentId: browsing.id, name },
      {
        onSuccess: (folder) => {
          setNewName(null);
          setChosen(folder.id);
          void folders.refetch();
        },
      },
    );
  };
  const onNewKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      createInline();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      setNewName(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="folder-picker">
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t.pickerBack}
          disabled={trail.length === 1}
          onClick={() => {
            setTrail((current) => current.slice(0, -1));
            setChosen(null);
          }}
        >
          <IconArrowLeft size={16} />
        </ActionIcon>
        <Breadcrumbs separator="/" separatorMargin={4} className={classes.pickerTrail}>
          {trail.map((crumb, index) => (
            <UnstyledButton
              key={crumb.id}
              fz="sm"
              fw={index === trail.length - 1 ? 600 : 400}
              onClick={() => {
                setTrail((current) => current.slice(0, index + 1));
                setChosen(null);
              }}
            >
              {crumb.name}
            </UnstyledButton>
          ))}
        </Breadcrumbs>
      </Group>

      <div className={classes.pickerList} role="listbox" aria-label={t.folders}>
        {folders.isPending && <Loader size="sm" m="md" />}
        {!folders.isPending && visible.length === 0 && newName === null && (
          <Text c="dimmed" size="sm" p="md">
            {t.pickerEmpty}
          </Text>
        )}
        {visible.map((folder) => {
          const moved = request.itemIds.includes(folder.id);
          const selected = chosen === folder.id;
          return (
            <div key={folder.id} className={classes.pickerRow} data-selected={selected || undefined}>
              <UnstyledButton
                role="option"
                aria-selected={selected}
                className={classes.pickerRowButton}
                onClick={() => setChosen(selected ? null : folder.id)}
                onDoubleClick={() => !moved && open(folder)}
              >
                <IconFolderFilled size={18} className={classes.folderIcon} aria-hidden />
                <Text size="sm" truncate>
                  {folder.name}
                </Text>
              </UnstyledButton>
              {!moved && (
                <Hint label={interpolate(t.pickerOpen, { name: folder.name })}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={interpolate(t.pickerOpen, { name: folder.name })}
                    onClick={() => open(folder)}
                  >
                    <IconChevronRight size={16} />
                  </ActionIcon>
                </Hint>
              )}
            </div>
          );
        })}
        {newName !== null && (
          <div className={classes.pickerRow}>
            <TextInput
              size="xs"
              w="100%"
              leftSection={<IconFolderFilled size={16} className={classes.folderIcon} />}
              placeholder={t.folderName}
              aria-label={t.folderName}
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              onKeyDown={onNewKey}
              onBlur={createInline}
              disabled={create.isPending}
              autoFocus
              data-testid="picker-new-folder-name"
            />
          </div>
        )}
      </div>

      {disabled && (
        <Text size="xs" c="dimmed">
          {isMovedItem ? t.pickerMovedItem : t.pickerCurrentParent}
        </Text>
      )}

      <Group justify="space-between" mt="xs">
        <Button
          variant="subtle"
          leftSection={<IconFolderPlus size={16} />}
          onClick={() => setNewName('')}
          disabled={newName !== null}
        >
          {t.newFolder}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button disabled={disabled} onClick={() => onSubmit(target)} data-testid="folder-picker-submit">
            {request.kind === 'move' ? t.moveHere : t.copyHere}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
