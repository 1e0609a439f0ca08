import { interpolate } from '@hookline/contract';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDownload,
  IconFolderSymlink,
  IconPencil,
  IconTags,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { webTexts } from '@/config/texts';
import classes from './library.module.css';

const t = webTexts.library;

/**
 * The bulk bar: count, download, tags, edit fields, move, copy, delete (move and delete hidden
 * when a system item is selected), clear. An action shows when its handler is given.
 */
export function BulkBar({
  count,
  hasSystem,
  onDownload,
  onMove,
  onCopy,
  onDelete,
  onTags,
  onFields,
  onClear,
}: {
  count: number;
  hasSystem: boolean;
  onDownload?: () => void;
  onMove?: () => void;
  onCopy?: () => void;
  onDelete?: () => void;
  onTags?: () => void;
  /** 'Edit fields': custom field values for every selected file. */
  onFields?: () => void;
  onClear: () => void;
}) {
  if (count === 0) return null;
  // In the bar's order; an action shows when its handler is given.
  const actions = [
    { label: webTexts.downloads.download, icon: IconDownload, onClick: onDownload },
    { label: webTexts.tags.tags, icon: IconTags, onClick: onTags },
    { label: webTexts.customFields.editFields, icon: IconPencil, onClick: onFields },
    { label: t.bulkMove, icon: IconFolderSymlink, onClick: hasSystem ? undefined : onMove },
    { label: t.bulkCopy, icon: IconCopy, onClick: onCopy },
    { label: t.bulkDelete, icon: IconTrash, onClick: hasSystem ? undefined : onDelete, danger: true },
  ];
  return (
    <div
      className={classes.bulkBar}
      role="toolbar"
      aria-label={interpolate(t.selectedCount, { count })}
      data-testid="bulk-bar"
    >
      <Text size="sm" fw={500} mr="xs" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {interpolate(t.selectedCount, { count })}
      </Text>
      {actions.map(
        ({ label, icon: Icon, onClick, danger }) =>
          onClick && (
            <Button
              key={label}
              size="xs"
              variant="subtle"
              color={danger ? 'red.3' : 'gray.0'}
              leftSection={<Icon size={14} />}
              onClick={onClick}
            >
              {label}
            </Button>
          ),
      )}
      <Tooltip label={t.clearSelection}>
        <ActionIcon variant="subtle" color="gray.0" aria-label={t.clearSelection} onClick={onClear}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
