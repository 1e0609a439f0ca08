import { formatBytes, formatDate, interpolate } from '@hookline/contract';
import { ActionIcon, Checkbox, UnstyledButton } from '@mantine/core';
import { IconMessageCircle, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { HTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Hint } from '@/components/hint';
import { commentCountTexts } from '@/config/texts/comment-count';
import { libraryTexts } from '@/config/texts/library';
import type { AssetItem } from '../api/keys';
import { isSelectable } from '../hooks/use-selection';
import type { GridSettings } from '../hooks/use-view-prefs';
import { allowedHandlers, showsUploadStatus, UploadStatus } from '../uploads/components/upload-status';
import { isDropTarget } from '../utils/drop-target';
import classes from './asset.module.css';
import { AssetActionsMenu, type ItemActionHandlers } from './asset-actions-menu';
import { AssetTypeIcon } from './asset-icon';
import { TagRow } from './tag-row';

const t = libraryTexts.library;

export function assetDetails(asset: AssetItem): string {
  const date = formatDate(asset.createdAt);
  if (asset.type === 'FOLDER') {
    const items = asset.childCount === 1 ? t.item : interpolate(t.items, { count: asset.childCount });
    return `${items} · ${date}`;
  }
  return `${formatBytes(asset.size)} · ${date}`;
}

export interface DragProps {
  ref?: Ref<HTMLDivElement>;
  attributes?: HTMLAttributes<HTMLDivElement>;
  isDragging?: boolean;
  isOver?: boolean;
  isTarget?: boolean;
}

export interface AssetCardProps {
  asset: AssetItem;
  settings: GridSettings;
  selected: boolean;
  selectable: boolean;
  onToggleSelect?: (asset: AssetItem, shift: boolean) => void;
  /**
   * A click on the thumbnail: the collection toggles the card while something is selected
   * (its grid shows every checkbox then, so the cards need not re-render when that starts).
   */
  onThumbClick?: (asset: AssetItem, shift: boolean) => void;
  onOpen: (asset: AssetItem) => void;
  onToggleFavorite?: (asset: AssetItem) => void;
  handlers: ItemActionHandlers;
  drag?: DragProps;
  /** Shown on the thumbnail's bottom-left corner at all times (a page's own state, e.g. a review pill). */
  badge?: ReactNode;
  /** More quick actions beside the star and the menu, shown on hover like them. */
  actions?: ReactNode;
  /** Under the name and details (a search's snippet). */
  details?: ReactNode;
}

/** A grid card: thumbnail (type icon until previews exist), name and details; hover shows checkbox, star and menu. */
export function AssetCard({
  asset,
  settings,
  selected,
  selectable,
  onToggleSelect,
  onThumbClick,
  onOpen,
  onToggleFavorite,
  handlers,
  drag,
  badge,
  actions,
  details,
}: AssetCardProps) {
  const iconSize = settings.size === 'large' ? 72 : settings.size === 'medium' ? 56 : 40;
  const thumbClick = (event: MouseEvent) => {
    if (selectable && onThumbClick) onThumbClick(asset, event.shiftKey);
  };
  // Uploading and failed items cannot be opened or acted on; a failed one can only be deleted.
  const inFlight = !isSelectable(asset);
  const open = inFlight ? () => undefined : onOpen;
  const menuHandlers: ItemActionHandlers = allowedHandlers(asset, handlers);
  const uploadFolder = isDropTarget(asset)
    ? { 'data-upload-folder-id': asset.id, 'data-upload-folder-name': asset.name }
    : {};
  const starLabel = interpolate(asset.isFavorite ? t.unstar : t.star, { name: asset.name });
  return (
    <article
      ref={drag?.ref as Ref<HTMLElement> | undefined}
      {...(drag?.attributes as HTMLAttributes<HTMLElement> | undefined)}
      className={classes.card}
      data-testid="asset-card"
      data-asset-id={asset.id}
      data-selected={selected || undefined}
      data-starred={asset.isFavorite || undefined}
      data-dragging={drag?.isDragging || undefined}
      data-drop-over={drag?.isOver || undefined}
      data-drop-target={drag?.isTarget || undefined}
      aria-label={asset.name}
      data-uploading-state={asset.uploadingState ?? undefined}
      {...uploadFolder}
      onDoubleClick={() => open(asset)}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the name button and the checkbox are the keyboard paths. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the name button and the checkbox are the keyboard paths. */}
      <div
        className={classes.thumb}
        data-covered={settings.thumbnail === 'covered' || undefined}
        onClick={thumbClick}
      >
        {asset.previewURL && !showsUploadStatus(asset) ? (
          <img src={asset.previewURL} alt="" loading="lazy" draggable={false} />
        ) : (
          <AssetTypeIcon
            type={asset.type}
            size={iconSize}
            className={asset.type === 'FOLDER' ? classes.folderIcon : undefined}
          />
        )}
        {showsUploadStatus(asset) && <UploadStatus asset={asset} variant="overlay" />}
        <div className={classes.overlayTop}>
          {selectable && onToggleSelect ? (
            <Checkbox
              aria-label={interpolate(t.select, { name: asset.name })}
              checked={selected}
              onChange={() => undefined}
              onClick={(event) => {
                event.stopPropagation();
                onToggleSelect(asset, event.shiftKey);
              }}
              onDoubleClick={(e) => e.stopPropagation()}
              radius="sm"
            />
          ) : (
            <span />
          )}
          <div className={classes.overlayActions}>
            {!inFlight && actions}
            {onToggleFavorite && !inFlight && (
              <Hint label={starLabel}>
                <ActionIcon
                  variant="default"
                  size="sm"
                  radius="sm"
                  className={classes.overlayButton}
                  aria-label={starLabel}
                  aria-pressed={asset.isFavorite}
                  data-testid="star-toggle"
                  onClick={(e) => {
                    e.stopPropagation();
                    onToggleFavorite(asset);
                  }}
                  onDoubleClick={(e) => e.stopPropagation()}
                >
                  {asset.isFavorite ? (
                    <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" />
                  ) : (
                    <IconStar size={14} />
                  )}
                </ActionIcon>
              </Hint>
            )}
            <AssetActionsMenu
              asset={asset}
              handlers={menuHandlers}
              className={`${classes.overlayButton} ${classes.menuButton}`}
            />
          </div>
        </div>
        {badge && <div className={classes.overlayBottom}>{badge}</div>}
      </div>
      <div className={classes.meta}>
        <UnstyledButton
          className={classes.name}
          onClick={() => open(asset)}
          title={asset.name}
          data-testid="asset-name"
        >
          {asset.name}
        </UnstyledButton>
        {settings.showAssetDetails && (
          <>
            <div className={classes.details}>
              {assetDetails(asset)}
              {asset.commentsCount > 0 && (
                <span
                  className={classes.commentCount}
                  title={interpolate(commentCountTexts.count, { count: asset.commentsCount })}
                >
                  <IconMessageCircle size={11} stroke={2} /> {asset.commentsCount}
                </span>
              )}
            </div>
            <div className={classes.tagLine}>
              <TagRow tags={asset.tags} />
            </div>
          </>
        )}
        {details}
      </div>
    </article>
  );
}
