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
      {onDownload && (
        <Button
          size="xs"
          variant="subtle"
          color="gray.0"
          leftSection={<IconDownload size={14} />}
          onClick={onDownload}
        >
          {webTexts.downloads.download}
        </Button>
      )}
      {onTags && (
        <Button
          size="xs"
          variant="subtle"
          color="gray.0"
          leftSection={<IconTags size={14} />}
          onClick={onTags}
        >
          {webTexts.tags.tags}
        </Button>
      )}
      {onFields && (
        <Button
          size="xs"
          variant="subtle"
          color="gray.0"
          leftSection={<IconPencil size={14} />}
          onClick={onFields}
        >
          {webTexts.customFields.editFields}
        </Button>
      )}
      {!hasSystem && onMove && (
        <Button
          size="xs"
          variant="subtle"
          color="gray.0"
          leftSection={<IconFolderSymlink size={14} />}
          onClick={onMove}
        >
          {t.bulkMove}
        </Button>
      )}
      {onCopy && (
        <Button
          size="xs"
          variant="subtle"
          color="gray.0"
          leftSection={<IconCopy size={14} />}
          onClick={onCopy}
        >
          {t.bulkCopy}
        </Button>
      )}
      {!hasSystem && onDelete && (
        <Button
          size="xs"
          variant="subtle"
          color="red.3"
          leftSection={<IconTrash size={14} />}
          onClick={onDelete}
        >
          {t.bulkDelete}
        </Button>
      )}
      <Tooltip label={t.clearSelection}>
        <ActionIcon variant="subtle" color="gray.0" aria-label={t.clearSelection} onClick={onClear}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
