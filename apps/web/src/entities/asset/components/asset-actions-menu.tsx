import { interpolate, sharesMessages } from '@hookline/contract';
import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { ActionMenu, presentEntries } from '@/components/action-menu';
import { analysisLabels } from '@/config/texts/analysis-labels';
import { boardAssignTexts } from '@/config/texts/board-assign';
import { integrationsNavTexts } from '@/config/texts/integrations-nav';
import { libraryTexts } from '@/config/texts/library';
import { searchNavTexts } from '@/config/texts/search-labels';
import { sharingLabels } from '@/config/texts/sharing-labels';
import { assignBlockReason } from '@/entities/board/access';
import type { AssetItem } from '../api/keys';
import { canMakeGif, isDownloadable } from '../utils/downloadable';

const t = libraryTexts.library;
/** What has a look to compare (pictures and video keyframes). */
const LOOKS = new Set<AssetItem['type']>(['IMAGE', 'VIDEO', 'ANIMATION']);
const td = libraryTexts.downloads;

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
  /** Regenerate AI tags (issue 15): shown for files the analysis tags; pass it only with write access. */
  onRegenerateAiTags?: (asset: AssetItem) => void;
  /** Why regenerating is off (the month's regenerations used up, with the usage). */
  regenerateAiTagsBlocked?: string | null;
  /** Upload to Meta (001 §4): shown for videos; pass it only with write access. */
  onUploadToMeta?: (asset: AssetItem) => void;
  /** More like this (issue 16): pictures and videos; opens the search of their look-alikes. */
  onMoreLikeThis?: (asset: AssetItem) => void;
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
  const shown = presentEntries([
    handlers.onDownload &&
      isDownloadable(asset) && {
        key: 'download',
        icon: 'download',
        label: td.download,
        onClick: () => handlers.onDownload?.(asset),
      },
    handlers.onShare &&
      !asset.isSystem && {
        key: 'share',
        icon: 'share',
        label: sharingLabels.share,
        onClick: () => handlers.onShare?.(asset),
      },
    handlers.onCreateGif &&
      canMakeGif(asset) && {
        key: 'gif',
        icon: 'gif',
        label: td.createGif,
        onClick: () => handlers.onCreateGif?.(asset),
      },
    handlers.onAddToBoard &&
      !asset.isSystem && {
        key: 'board',
        icon: 'board',
        label: boardAssignTexts.addToBoard,
        blockedReason: boardBlock,
        onClick: () => handlers.onAddToBoard?.(asset),
      },
    handlers.onMoreLikeThis &&
      LOOKS.has(asset.type) && {
        key: 'similar',
        icon: 'similar',
        label: searchNavTexts.moreLikeThis,
        onClick: () => handlers.onMoreLikeThis?.(asset),
      },
    handlers.onRegenerateAiTags &&
      asset.mediaAnalysisStatus !== null && {
        key: 'ai-tags',
        icon: 'ai',
        label: analysisLabels.regenerateAiTags,
        blockedReason: handlers.regenerateAiTagsBlocked,
        onClick: () => handlers.onRegenerateAiTags?.(asset),
      },
    handlers.onUploadToMeta &&
      asset.type === 'VIDEO' && {
        key: 'meta',
        icon: 'upload',
        label: integrationsNavTexts.integrationsNav.uploadToMeta,
        onClick: () => handlers.onUploadToMeta?.(asset),
      },
    canChange &&
      handlers.onRename && {
        key: 'rename',
        icon: 'rename',
        label: t.rename,
        onClick: () => handlers.onRename?.(asset),
      },
    canChange &&
      handlers.onMove && {
        key: 'move',
        icon: 'move',
        label: t.moveTo,
        onClick: () => handlers.onMove?.(asset),
      },
    handlers.onCopy && {
      key: 'copy',
      icon: 'copy',
      label: t.copyTo,
      onClick: () => handlers.onCopy?.(asset),
    },
    handlers.onRemoveFromShared &&
      (handlers.canRemoveFromShared?.(asset) ?? true) && {
        key: 'unshare',
        color: 'red',
        icon: 'unshare',
        label: sharesMessages.removeFromShared,
        onClick: () => handlers.onRemoveFromShared?.(asset),
      },
    canChange &&
      handlers.onDelete && {
        key: 'delete',
        color: 'red',
        icon: 'delete',
        label: t.delete,
        onClick: () => handlers.onDelete?.(asset),
      },
  ]);
  if (shown.length === 0) return null;
  return (
    <ActionMenu
      width={180}
      isolateClicks
      entries={shown}
      target={
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
      }
    />
  );
}
