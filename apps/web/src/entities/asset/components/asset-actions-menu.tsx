import { interpolate, messages } from '@hookline/contract';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconDownload,
  IconFolderSymlink,
  IconGif,
  IconLayoutBoard,
  IconPencil,
  IconShare,
  IconShareOff,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { webTexts } from '@/config/texts';
import { boardAssignTexts } from '@/config/texts/board-assign';
import { assignBlockReason } from '@/entities/board/access';
import type { AssetItem } from '../api/keys';
import { canMakeGif, isDownloadable } from '../utils/downloadable';

const t = webTexts.library;
const td = webTexts.downloads;

export interface ItemActionHandlers {
  /** Files download as they are, folders as a zip. */
  onDownload?: (asset: AssetItem) => void;
  /** Videos only; pass it only with write access (000 §6). */
  onCreateGif?: (asset: AssetItem) => void;
  onRename?: (asset: AssetItem) => void;
  onMove?: (asset: AssetItem) => void;
  onCopy?: (asset: AssetItem) => void;
  onDelete?: (asset: AssetItem) => void;
  /** People and the public link; only with write access in the item's brand (000 §6). */
  onShare?: (asset: AssetItem) => void;
  /**
   * Add to board (000 §4). Given to signed-in users; shown disabled with the reason for a
   * folder, or without write access in the item's brand (`canAddToBoard` false).
   */
  onAddToBoard?: (asset: AssetItem) => void;
  /** Write access in the item's brand (default true when onAddToBoard is given). */
  canAddToBoard?: boolean;
  /** Upload to Meta (001 §4): shown for videos; pass it only with write access. */
  onUploadToMeta?: (asset: AssetItem) => void;
  /** Shared-with-me only: a recipient drops another brand's item. */
  onRemoveFromShared?: (asset: AssetItem) => void;
  /** Which items may be removed from shared (another brand's). */
  canRemoveFromShared?: (asset: AssetItem) => boolean;
}

/**
 * The item menu: download, share, create GIF (videos), add to board, upload to Meta (videos), rename, move to, copy to,
 * delete (system items: no rename, move or delete). An entry shows when its handler is given.
 */
export function AssetActionsMenu({
  asset,
  handlers,
  className,
}: {
  asset: AssetItem;
  handlers: ItemActionHandlers;
  className?: string;
}) {
  const canChange = !asset.isSystem;
  const boardBlock = handlers.onAddToBoard
    ? assignBlockReason([asset], handlers.canAddToBoard ?? true)
    : null;
  const entries = [
    handlers.onDownload && isDownloadable(asset) && (
      <Menu.Item
        key="download"
        leftSection={<IconDownload size={14} />}
        onClick={() => handlers.onDownload?.(asset)}
      >
        {td.download}
      </Menu.Item>
    ),
    handlers.onShare && !asset.isSystem && (
      <Menu.Item key="share" leftSection={<IconShare size={14} />} onClick={() => handlers.onShare?.(asset)}>
        {webTexts.sharing.share}
      </Menu.Item>
    ),
    handlers.onCreateGif && canMakeGif(asset) && (
      <Menu.Item key="gif" leftSection={<IconGif size={14} />} onClick={() => handlers.onCreateGif?.(asset)}>
        {td.createGif}
      </Menu.Item>
    ),
    handlers.onAddToBoard && !asset.isSystem && (
      <Tooltip key="board" label={boardBlock} disabled={!boardBlock}>
        <Menu.Item
          leftSection={<IconLayoutBoard size={14} />}
          // data-disabled (not disabled) keeps the tooltip's hover.
          data-disabled={boardBlock ? true : undefined}
          aria-disabled={boardBlock ? true : undefined}
          closeMenuOnClick={!boardBlock}
          onClick={() => !boardBlock && handlers.onAddToBoard?.(asset)}
        >
          {boardAssignTexts.addToBoard}
        </Menu.Item>
      </Tooltip>
    ),
    handlers.onUploadToMeta && asset.type === 'VIDEO' && (
      <Menu.Item
        key="meta"
        leftSection={<IconUpload size={14} />}
        onClick={() => handlers.onUploadToMeta?.(asset)}
      >
        {webTexts.integrationsNav.uploadToMeta}
      </Menu.Item>
    ),
    canChange && handlers.onRename && (
      <Menu.Item
        key="rename"
        leftSection={<IconPencil size={14} />}
        onClick={() => handlers.onRename?.(asset)}
      >
        {t.rename}
      </Menu.Item>
    ),
    canChange && handlers.onMove && (
      <Menu.Item
        key="move"
        leftSection={<IconFolderSymlink size={14} />}
        onClick={() => handlers.onMove?.(asset)}
      >
        {t.moveTo}
      </Menu.Item>
    ),
    handlers.onCopy && (
      <Menu.Item key="copy" leftSection={<IconCopy size={14} />} onClick={() => handlers.onCopy?.(asset)}>
        {t.copyTo}
      </Menu.Item>
    ),
    handlers.onRemoveFromShared && (handlers.canRemoveFromShared?.(asset) ?? true) && (
      <Menu.Item
        key="unshare"
        color="red"
        leftSection={<IconShareOff size={14} />}
        onClick={() => handlers.onRemoveFromShared?.(asset)}
      >
        {messages.shares.removeFromShared}
      </Menu.Item>
    ),
    canChange && handlers.onDelete && (
      <Menu.Item
        key="delete"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => handlers.onDelete?.(asset)}
      >
        {t.delete}
      </Menu.Item>
    ),
  ].filter(Boolean);
  if (entries.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="sm"
          radius="sm"
          className={className}
          aria-label={interpolate(t.itemActions, { name: asset.name })}
          onClick={(e) => e.stopPropagation()}
          onDoubleClick={(e) => e.stopPropagation()}
        >
          <IconDots size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>{entries}</Menu.Dropdown>
    </Menu>
  );
}
