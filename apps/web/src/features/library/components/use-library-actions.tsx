import { interpolate } from '@hookline/contract';
import { Text } from '@mantine/core';
import { lazy, type ReactNode, useCallback, useState } from 'react';
import { OnDemand } from '@/components/on-demand';
import { libraryTexts } from '@/config/texts/library';
import { useDownloadAsset } from '@/entities/asset/api/download';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { useZipDownload } from '@/entities/asset/hooks/use-zip-download';
import { AssignToBoardDialog } from '@/entities/board/assign-to-board-on-demand';
import { appModals } from '@/lib/app-modals';
import { useDeleteAssets } from '../api/delete-assets';
import { type MoveCopyKind, useMoveCopyAssets } from '../api/move-copy-assets';
import type { FolderPickerRequest } from './folder-picker-modal';

/**
 * The dialogs (rename, new folder, the folder picker, the GIF dialog...) load when first
 * opened, not with the library page (issue 20); once loaded they stay mounted, so they open
 * and close with their transitions.
 */
const RenameModal = lazy(async () => ({ default: (await import('./rename-modal')).RenameModal }));
const CreateFolderModal = lazy(async () => ({
  default: (await import('./create-folder-modal')).CreateFolderModal,
}));
const FolderPickerModal = lazy(async () => ({
  default: (await import('./folder-picker-modal')).FolderPickerModal,
}));
const TagsDialog = lazy(async () => ({ default: (await import('./tags-dialog')).TagsDialog }));
const FieldsDialog = lazy(async () => ({ default: (await import('./fields-dialog')).FieldsDialog }));
const GifDialog = lazy(async () => ({ default: (await import('./gif-dialog')).GifDialog }));

const t = libraryTexts.library;

/** What an action applies to: picked items, or (select-all) every child of the folder. */
export interface ActionTarget {
  items: AssetItem[];
  /** The folder the items are in. */
  parentId: string;
  /** Select-all: the server applies the action to every child of parentId. */
  all?: boolean;
  /** How many items (the folder's total with select-all). */
  count?: number;
}

export interface LibraryActionsOptions {
  /** After the items left the list (deleted or moved); lets the page clear its selection. */
  onItemsGone?: (ids: string[], destination?: string) => void;
}

/**
 * The library's dialogs (rename, create folder, move / copy picker, delete confirmation,
 * create GIF, bulk tags and fields, assign to board) and their actions, downloads included.
 */
export function useLibraryActions(scope: BrandScope, options: LibraryActionsOptions = {}) {
  const [renaming, setRenaming] = useState<AssetItem | null>(null);
  const [creatingIn, setCreatingIn] = useState<string | null>(null);
  const [picking, setPicking] = useState<(FolderPickerRequest & { target: ActionTarget }) | null>(null);
  const deleteAssets = useDeleteAssets(scope);
  const moveCopy = useMoveCopyAssets(scope);
  const { mutate: downloadFile } = useDownloadAsset(scope);
  const { zip, zipFolder } = useZipDownload(scope);
  const [gifAsset, setGifAsset] = useState<AssetItem | null>(null);
  const [tagging, setTagging] = useState<ActionTarget | null>(null);
  const [editingFields, setEditingFields] = useState<ActionTarget | null>(null);
  const [assigning, setAssigning] = useState<ActionTarget | null>(null);
  const { onItemsGone } = options;

  /** One item: a file downloads through its signed link, a folder as a zip of that folder. */
  const download = useCallback(
    (asset: AssetItem) => {
      if (asset.type === 'FOLDER') void zip([asset.id]);
      else downloadFile(asset.id);
    },
    [zip, downloadFile],
  );

  /**
   * A selection downloads as one zip (000 §4 "Zip download"); a single file directly. A
   * select-all that reaches past the loaded pages zips every child of the folder.
   */
  const downloadMany = useCallback(
    async (target: ActionTarget) => {
      const loadedAll = !target.all || (target.count ?? 0) <= target.items.length;
      const only = target.items[0];
      if (loadedAll && target.items.length === 1 && only && only.type !== 'FOLDER') {
        downloadFile(only.id);
        return;
      }
      if (loadedAll) await zip(target.items.map((item) => item.id));
      else await zipFolder(target.parentId);
    },
    [zip, zipFolder, downloadFile],
  );

  const remove = useCallback(
    (target: ActionTarget) => {
      const count = target.count ?? target.items.length;
      const only = target.items[0];
      appModals.openConfirmModal({
        title: t.deleteTitle,
        centered: true,
        children: (
          <>
            <Text size="sm" fw={500}>
              {count === 1 && only
                ? interpolate(t.deleteOne, { name: only.name })
                : interpolate(t.deleteMany, { count })}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t.deleteText}
            </Text>
          </>
        ),
        labels: { confirm: t.delete, cancel: t.cancel },
        confirmProps: { color: 'red', 'data-testid': 'confirm-delete' } as Record<string, string>,
        onConfirm: () => {
          const ids = target.items.map((item) => item.id);
          onItemsGone?.(ids);
          // A select-all reaching past the loaded pages deletes the whole folder's content on the server.
          const all =
            target.all && count > ids.length ? { parentId: target.parentId, totalCount: count } : undefined;
          deleteAssets.mutate({ ids, ...(all ? { all } : {}) });
        },
      });
    },
    [deleteAssets, onItemsGone],
  );

  const moveOrCopy = useCallback((kind: MoveCopyKind, target: ActionTarget) => {
    setPicking({
      kind,
      itemIds: target.items.map((item) => item.id),
      count: target.count ?? target.items.length,
      currentParentId: target.parentId,
      target,
    });
  }, []);

  /** Moves or copies straight into a folder (drag and drop, or the picker's choice). */
  const transfer = useCallback(
    (kind: MoveCopyKind, target: ActionTarget, destFolderId: string) => {
      const ids = target.items.map((item) => item.id);
      if (kind === 'move') onItemsGone?.(ids, destFolderId);
      moveCopy.mutate({
        kind,
        destFolderId,
        parentId: target.parentId,
        assetIds: ids,
        shouldApplyAll: target.all ?? false,
      });
    },
    [moveCopy, onItemsGone],
  );

  const dialogs: ReactNode = (
    <>
      <OnDemand when={renaming !== null}>
        <RenameModal scope={scope} asset={renaming} onClose={() => setRenaming(null)} />
      </OnDemand>
      <OnDemand when={creatingIn !== null}>
        <CreateFolderModal
          scope={scope}
          parentId={creatingIn ?? 'root'}
          opened={creatingIn !== null}
          onClose={() => setCreatingIn(null)}
        />
      </OnDemand>
      <OnDemand when={picking !== null}>
        <FolderPickerModal
          scope={scope}
          request={picking}
          onClose={() => setPicking(null)}
          onSubmit={(dest) => {
            if (picking) transfer(picking.kind, picking.target, dest);
            setPicking(null);
          }}
        />
      </OnDemand>
      <OnDemand when={tagging !== null}>
        <TagsDialog scope={scope} target={tagging} onClose={() => setTagging(null)} />
      </OnDemand>
      <OnDemand when={editingFields !== null}>
        <FieldsDialog scope={scope} target={editingFields} onClose={() => setEditingFields(null)} />
      </OnDemand>
      <OnDemand when={gifAsset !== null}>
        <GifDialog scope={scope} asset={gifAsset} onClose={() => setGifAsset(null)} />
      </OnDemand>
      <AssignToBoardDialog scope={scope} request={assigning} onClose={() => setAssigning(null)} />
    </>
  );

  return {
    rename: setRenaming,
    createFolder: setCreatingIn,
    moveOrCopy,
    transfer,
    remove,
    download,
    downloadMany,
    createGif: setGifAsset,
    tagItems: setTagging,
    /** The bulk bar's 'Edit fields': custom field values for the target's files. */
    editFields: setEditingFields,
    /** Assign to board (000 §4): the board picker for the target's items. */
    addToBoard: setAssigning,
    dialogs,
  };
}

export type LibraryActions = ReturnType<typeof useLibraryActions>;
