import {
  IconCopy,
  IconDownload,
  IconFolderSymlink,
  IconLayoutBoard,
  IconPencil,
  IconSparkles,
  IconTags,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { SelectionBar } from '@/components/selection-bar';
import { analysisLabels } from '@/config/texts/analysis-labels';
import { boardAssignTexts } from '@/config/texts/board-assign';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import { integrationsNavTexts } from '@/config/texts/integrations-nav';
import { libraryTexts } from '@/config/texts/library';
import { tagsTexts } from '@/config/texts/tags';

const t = libraryTexts.library;

/**
 * The bulk bar: count, download, tags, edit fields, regenerate AI tags, add to board, upload to Meta, move, copy, delete (move and
 * delete hidden when a system item is selected), clear. An action shows when its handler is
 * given; 'Add to board' stays in view, disabled with its reason, when it cannot apply.
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
  onRegenerateAiTags,
  regenerateAiTagsBlocked,
  onAddToBoard,
  onUploadToMeta,
  addToBoardBlocked,
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
  /** 'Regenerate AI tags' (issue 15): with write access. */
  onRegenerateAiTags?: () => void;
  /** Why regenerating is off (the month's regenerations used up, with the usage). */
  regenerateAiTagsBlocked?: string | null;
  onAddToBoard?: () => void;
  /** Upload to Meta: given for a selection of videos only, with write access (001 §4). */
  onUploadToMeta?: () => void;
  /** Why the selection cannot go onto a board (a folder in it, no write access). */
  addToBoardBlocked?: string | null;
  onClear: () => void;
}) {
  return (
    <SelectionBar
      count={count}
      onClear={onClear}
      actions={[
        { label: libraryTexts.downloads.download, icon: IconDownload, onClick: onDownload },
        { label: tagsTexts.tags.tags, icon: IconTags, onClick: onTags },
        { label: customFieldsTexts.customFields.editFields, icon: IconPencil, onClick: onFields },
        {
          label: analysisLabels.regenerateAiTags,
          icon: IconSparkles,
          onClick: onRegenerateAiTags,
          disabledReason: regenerateAiTagsBlocked,
        },
        {
          label: boardAssignTexts.addToBoard,
          icon: IconLayoutBoard,
          onClick: onAddToBoard,
          disabledReason: addToBoardBlocked,
        },
        {
          label: integrationsNavTexts.integrationsNav.uploadToMeta,
          icon: IconUpload,
          onClick: onUploadToMeta,
        },
        { label: t.bulkMove, icon: IconFolderSymlink, onClick: hasSystem ? undefined : onMove },
        { label: t.bulkCopy, icon: IconCopy, onClick: onCopy },
        { label: t.bulkDelete, icon: IconTrash, onClick: hasSystem ? undefined : onDelete, danger: true },
      ]}
    />
  );
}
