import { interpolate } from '@hookline/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconFolderSymlink, IconPencil, IconTrash } from '@tabler/icons-react';
import { webTexts } from '@/config/texts';
import type { AssetItem } from '../api/keys';

const t = webTexts.library;

export interface ItemActionHandlers {
  onRename?: (asset: AssetItem) => void;
  onMove?: (asset: AssetItem) => void;
  onCopy?: (asset: AssetItem) => void;
  onDelete?: (asset: AssetItem) => void;
}

/** The item menu: rename, move to, copy to, delete (system items: copy only). */
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
  const entries = [
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
