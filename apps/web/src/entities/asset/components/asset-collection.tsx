import {
  formatBytes,
  formatDate,
  interpolate,
  PREFETCH_WINDOW,
  SKELETON_COUNT,
  TABLE_VIRTUALIZER,
} from '@hookline/contract';
import { ActionIcon, Checkbox, Skeleton, Tooltip, UnstyledButton } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  Fragment,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  useEffect,
  useRef,
} from 'react';
import { webTexts } from '@/config/texts';
import { fullName } from '@/entities/profile';
import type { AssetItem } from '../api/keys';
import { isSelectable } from '../hooks/use-selection';
import { type GridSettings, useColumnWidths, type ViewMode } from '../hooks/use-view-prefs';
import { allowedHandlers, showsUploadStatus, UploadStatus } from '../uploads/components/upload-status';
import classes from './asset.module.css';
import { AssetActionsMenu, type ItemActionHandlers } from './asset-actions-menu';
import { AssetCard, type DragProps } from './asset-card';
import { AssetTypeIcon } from './asset-icon';

const t = webTexts.library;

const CARD_MIN_PX: Record<GridSettings['size'], number> = {
  small: 150,
  medium: 210,
  large: 300,
  small_fixed: 140,
};

export interface CollectionSelection {
  isSelected: (id: string) => boolean;
  count: number;
  toggle: (id: string, shift: boolean) => void;
}

export interface AssetCollectionProps {
  items: AssetItem[];
  loading: boolean;
  viewMode: ViewMode;
  settings: GridSettings;
  scrollRef: RefObject<HTMLElement | null>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  onOpen: (asset: AssetItem) => void;
  onToggleFavorite?: (asset: AssetItem) => void;
  handlers: ItemActionHandlers;
  selection?: CollectionSelection;
  /** Wraps a card or row with drag and drop (the library page). */
  DragItem?: (props: { asset: AssetItem; children: (drag: DragProps) => ReactNode }) => ReactNode;
}

/** Loads the next page when this marker (10 items before the end) scrolls into view. */
function NextPageMarker({
  scrollRef,
  onVisible,
}: {
  scrollRef: RefObject<HTMLElement | null>;
  onVisible: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root: scrollRef.current, rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [scrollRef]);
  return (
    <div ref={ref} data-testid="next-page-marker" style={{ width: 1, height: 1, gridColumn: '1 / -1' }} />
  );
}

export function AssetCollection(props: AssetCollectionProps) {
  if (props.viewMode === 'list') return <AssetTable {...props} />;
  return <AssetGrid {...props} />;
}

function AssetGrid({
  items,
  loading,
  settings,
  scrollRef,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onOpen,
  onToggleFavorite,
  handlers,
  selection,
  DragItem,
}: AssetCollectionProps) {
  const style = { '--card-min': `${CARD_MIN_PX[settings.size]}px` } as CSSProperties;
  const markerAt = Math.max(0, items.length - PREFETCH_WINDOW);
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) fetchNextPage();
  };
  return (
    <div className={classes.grid} style={style} data-size={settings.size} data-testid="asset-grid">
      {items.map((asset, index) => {
        const card = (drag?: DragProps) => (
          <AssetCard
            asset={asset}
            settings={settings}
            selected={selection?.isSelected(asset.id) ?? false}
            selecting={(selection?.count ?? 0) > 0}
            selectable={Boolean(selection) && isSelectable(asset)}
            onToggleSelect={selection ? (a, shift) => selection.toggle(a.id, shift) : undefined}
            onOpen={onOpen}
            onToggleFavorite={onToggleFavorite}
            handlers={handlers}
            drag={drag}
          />
        );
        return (
          <FragmentWithMarker
            key={asset.id}
            marker={
              index === markerAt && hasNextPage ? (
                <NextPageMarker scrollRef={scrollRef} onVisible={loadMore} />
              ) : null
            }
          >
            {DragItem ? <DragItem asset={asset}>{(drag) => card(drag)}</DragItem> : card()}
          </FragmentWithMarker>
        );
      })}
      {(loading || isFetchingNextPage) &&
        Array.from({ length: loading ? SKELETON_COUNT : Math.min(SKELETON_COUNT, 8) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={i} data-testid="asset-skeleton">
            <Skeleton style={{ aspectRatio: '4 / 3' }} radius="md" />
            <Skeleton height={12} mt={10} width="70%" />
            {settings.showAssetDetails && <Skeleton height={10} mt={6} width="45%" />}
          </div>
        ))}
    </div>
  );
}

function FragmentWithMarker({ marker, children }: { marker: ReactNode; children: ReactNode }) {
  return (
    <>
      {marker}
      {children}
    </>
  );
}

const DEFAULT_WIDTHS = { name: 360, type: 110, size: 100, createdAt: 130, creator: 160 };
type ColumnId = keyof typeof DEFAULT_WIDTHS;
const COLUMNS: ColumnId[] = ['name', 'type', 'size', 'createdAt', 'creator'];

function cellText(asset: AssetItem, column: ColumnId): string {
  switch (column) {
    case 'type':
      return t.types[asset.type];
    case 'size':
      return asset.type === 'FOLDER'
        ? asset.childCount === 1
          ? t.item
          : interpolate(t.items, { count: asset.childCount })
        : formatBytes(asset.size);
    case 'createdAt':
      return formatDate(asset.createdAt);
    case 'creator':
      return asset.creator ? fullName(asset.creator) : '';
    default:
      return asset.name;
  }
}

function ColumnResizer({
  name,
  width,
  onResize,
}: {
  name: string;
  width: number;
  onResize: (w: number) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pointer handle; the column keeps its width in local storage.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={interpolate(t.resizeColumn, { name })}
      className={classes.resizer}
      onPointerDown={(event) => {
        event.preventDefault();
        const startX = event.clientX;
        const move = (e: PointerEvent) => onResize(Math.max(60, Math.min(900, width + e.clientX - startX)));
        const up = () => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      }}
    />
  );
}

/** The list view: a virtualized table (34 px rows, overscan 20) with resizable columns. */
function AssetTable({
  items,
  loading,
  scrollRef,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onOpen,
  onToggleFavorite,
  handlers,
  selection,
  DragItem,
}: AssetCollectionProps) {
  const [widths, setWidths] = useColumnWidths(DEFAULT_WIDTHS);
  const virtualizer = useVirtualizer({
    count: loading ? SKELETON_COUNT : items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_VIRTUALIZER.rowHeightPx,
    overscan: TABLE_VIRTUALIZER.overscan,
    initialRect: { width: 1000, height: 800 },
  });
  const virtualItems = virtualizer.getVirtualItems();
  const last = virtualItems[virtualItems.length - 1]?.index ?? -1;
  useEffect(() => {
    if (!loading && hasNextPage && !isFetchingNextPage && last >= items.length - PREFETCH_WINDOW)
      fetchNextPage();
  }, [loading, hasNextPage, isFetchingNextPage, last, items.length, fetchNextPage]);

  const widthOf = (column: ColumnId) => ({ width: widths[column] ?? DEFAULT_WIDTHS[column] });
  const row = (asset: AssetItem) => {
    const selected = selection?.isSelected(asset.id) ?? false;
    const starLabel = interpolate(asset.isFavorite ? t.unstar : t.star, { name: asset.name });
    return (
      <>
        <td className={classes.cell} style={{ width: 36 }}>
          {selection && isSelectable(asset) && (
            <Checkbox
              size="xs"
              aria-label={interpolate(t.select, { name: asset.name })}
              checked={selected}
              onChange={() => undefined}
              onClick={(e) => selection.toggle(asset.id, e.shiftKey)}
            />
          )}
        </td>
        {COLUMNS.map((column) => (
          <td
            key={column}
            className={`${classes.cell} ${column === 'name' ? classes.cellGrow : ''}`}
            style={widthOf(column)}
          >
            {column === 'name' ? (
              <>
                <AssetTypeIcon type={asset.type} size={16} className={classes.folderIcon} />
                <UnstyledButton
                  className={classes.name}
                  onClick={() => isSelectable(asset) && onOpen(asset)}
                  title={asset.name}
                >
                  {asset.name}
                </UnstyledButton>
                {showsUploadStatus(asset) && <UploadStatus asset={asset} variant="inline" />}
              </>
            ) : (
              cellText(asset, column)
            )}
          </td>
        ))}
        <td className={classes.cell} style={{ width: 72, justifyContent: 'flex-end' }}>
          {onToggleFavorite && isSelectable(asset) && (
            <Tooltip label={starLabel}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={starLabel}
                aria-pressed={asset.isFavorite}
                data-testid="star-toggle"
                onClick={() => onToggleFavorite(asset)}
              >
                {asset.isFavorite ? (
                  <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" />
                ) : (
                  <IconStar size={14} />
                )}
              </ActionIcon>
            </Tooltip>
          )}
          <AssetActionsMenu asset={asset} handlers={allowedHandlers(asset, handlers)} />
        </td>
      </>
    );
  };

  return (
    <table className={classes.table} aria-rowcount={items.length} data-testid="asset-table">
      <thead>
        <tr className={classes.tableHead}>
          <td className={classes.cell} style={{ width: 36 }} />
          {COLUMNS.map((column) => (
            <th
              key={column}
              className={`${classes.cell} ${column === 'name' ? classes.cellGrow : ''}`}
              style={widthOf(column)}
            >
              {t.columns[column]}
              <ColumnResizer
                name={t.columns[column]}
                width={widths[column] ?? DEFAULT_WIDTHS[column]}
                onResize={(w) => setWidths({ ...widths, [column]: w })}
              />
            </th>
          ))}
          <td className={classes.cell} style={{ width: 72 }} />
        </tr>
      </thead>
      <tbody style={{ position: 'relative', display: 'block', height: virtualizer.getTotalSize() }}>
        {virtualItems.map((virtual) => {
          const style: CSSProperties = { transform: `translateY(${virtual.start}px)`, top: 0 };
          if (loading)
            return (
              <tr key={virtual.key} className={classes.tableRow} style={style} data-testid="asset-skeleton">
                <td className={classes.cellGrow}>
                  <Skeleton height={12} mx="md" width="60%" />
                </td>
              </tr>
            );
          const asset = items[virtual.index] as AssetItem;
          const selected = selection?.isSelected(asset.id) ?? false;
          const content = (drag?: DragProps) => (
            <tr
              ref={drag?.ref as Ref<HTMLTableRowElement> | undefined}
              {...(drag?.attributes as HTMLAttributes<HTMLTableRowElement> | undefined)}
              className={classes.tableRow}
              style={style}
              aria-label={asset.name}
              data-testid="asset-row"
              data-asset-id={asset.id}
              data-selected={selected || undefined}
              data-drop-over={drag?.isOver || undefined}
              onDoubleClick={() => onOpen(asset)}
            >
              {row(asset)}
            </tr>
          );
          return DragItem ? (
            <DragItem key={asset.id} asset={asset}>
              {(drag) => content(drag)}
            </DragItem>
          ) : (
            <Fragment key={asset.id}>{content()}</Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
