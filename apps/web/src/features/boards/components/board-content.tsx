import { BOARD_LIMITS, interpolate } from '@hookline/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconChecklist, IconLayoutBoard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { boardReviewTexts as rt } from '@/config/texts/board-review';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { AssetItem, BrandScope, SortState } from '@/entities/asset/api/keys';
import { AssetCollection } from '@/entities/asset/components/asset-collection';
import { GridSettingsMenu, SortControl, ViewToggle } from '@/entities/asset/components/view-controls';
import type { Selection } from '@/entities/asset/hooks/use-selection';
import { useGridSettings, useViewMode } from '@/entities/asset/hooks/use-view-prefs';
import { UploadButton } from '@/entities/asset/uploads/components/upload-button';
import { UploadDropZone } from '@/entities/asset/uploads/components/upload-drop-zone';
import type { AssignRequest } from '@/entities/board/components/assign-to-board-dialog';
import { useLinkBuilder } from '@/lib/link-builder';
import { listBoardAssetIds, type useBoardAssets } from '../api/get-board-assets';
import { type Board, boardKeys } from '../api/keys';
import { recordBoardOperation } from '../hooks/board-operation-log';
import type { useBoardReview } from '../hooks/use-board-review';
import type { RemoveRequest } from '../hooks/use-remove-from-board';
import { BoardBulkBar } from './board-bulk-bar';
import { assetCountText } from './board-card';
import classes from './boards.module.css';
import { ReviewFilterControl } from './review/review-filter-control';

export interface BoardContentProps {
  board: Board;
  scope: BrandScope;
  /** The board's items, page by page (sorted by `sort`). */
  content: ReturnType<typeof useBoardAssets>;
  review: ReturnType<typeof useBoardReview>;
  /** The loaded items, and how many the board has. */
  loaded: AssetItem[];
  boardTotal: number;
  /** What the page lists and selects among: the loaded items that pass the review filter. */
  items: AssetItem[];
  total: number;
  selection: Selection;
  sort: SortState;
  onSortChange: (next: SortState) => void;
  /** The file open in the player, if any (the page's shortcuts are off while it is). */
  fileId: string | undefined;
  downloadIds: (ids: string[], single?: AssetItem) => Promise<void>;
  downloadBoard: () => Promise<void>;
  onAddFromLibrary: () => void;
  onAssign: (request: AssignRequest) => void;
  onRemove: (request: RemoveRequest) => void;
}

/**
 * The board's content (000 §2 "Boards"): the toolbar (count, review filter, add, sort, grid
 * settings, grid or list), the items or the empty states (a drop zone for those who may change
 * the board), and the bulk bar for the selection (Ctrl/Cmd-A, Escape).
 */
export function BoardContent({
  board,
  scope,
  content,
  review,
  loaded,
  boardTotal,
  items,
  total,
  selection,
  sort,
  onSortChange,
  fileId,
  downloadIds,
  downloadBoard,
  onAddFromLibrary,
  onAssign,
  onRemove,
}: BoardContentProps) {
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const queryClient = useQueryClient();
  const scrollRef = useRef<HTMLDivElement>(null);
  const canEdit = board.can.update;
  const [viewMode, setViewMode] = useViewMode();
  const [settings, setSettings] = useGridSettings('board');

  const open = (asset: AssetItem) =>
    navigate(
      asset.type === 'FOLDER'
        ? link(paths.library.getHref(asset.id), { isShared: null })
        : link(paths.board.getHref(board.id, asset.id, 'overview')),
    );

  /** An upload onto the board began: watched in the log until its files show (000 §4). */
  const uploadStarted = useCallback(() => {
    recordBoardOperation(board.id, { type: 'UPLOAD', totalBefore: boardTotal });
    void queryClient.invalidateQueries({ queryKey: boardKeys.detail(board.brandId, board.id) });
  }, [board.id, board.brandId, boardTotal, queryClient]);

  const downloadSelection = () => {
    const selected = selection.selectedItems(items);
    if (selection.allFlag && total > items.length) return void downloadBoard();
    const only = selected.length === 1 ? selected[0] : undefined;
    void downloadIds(
      selected.map((item) => item.id),
      only,
    );
  };

  // Ctrl/Cmd-A selects every item; Escape clears the selection.
  const { selectAll, clear, count } = selection;
  useEffect(() => {
    if (fileId) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, [contenteditable="true"], [role="dialog"], [role="menu"]'))
        return;
      if (document.querySelector('[role="dialog"]')) return;
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        selectAll();
      } else if (event.key === 'Escape' && count > 0) clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fileId, selectAll, clear, count]);

  const loading = content.isPending;
  const filtered = review.filter !== 'all';
  const empty = content.isSuccess && loaded.length === 0;
  // A filter that matches none of the loaded items looks through the next pages first.
  const filteredEmpty = content.isSuccess && !empty && items.length === 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = content;
  useEffect(() => {
    if (filteredEmpty && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [filteredEmpty, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const body = (
    <div className={classes.body} ref={scrollRef} data-testid="board-content">
      {content.isError ? (
        <EmptyState
          icon={<IconLayoutBoard size={28} />}
          title={t.contentLoadFailed}
          action={
            <Button variant="default" size="xs" onClick={() => void content.refetch()}>
              {appTexts.routeError.reload}
            </Button>
          }
        />
      ) : empty ? (
        <EmptyState
          testId="board-empty"
          icon={<IconLayoutBoard size={28} />}
          title={t.emptyBoard}
          text={canEdit ? t.emptyBoardHint : t.emptyBoardReadOnly}
          note={canEdit ? t.dropHint : undefined}
        />
      ) : filteredEmpty && !hasNextPage ? (
        <EmptyState
          testId="review-filter-empty"
          icon={<IconChecklist size={28} />}
          title={review.filter === 'mine' ? rt.filterEmptyMine : rt.filterEmpty}
          action={
            <Button variant="default" size="xs" onClick={() => review.setFilter('all')}>
              {rt.showAll}
            </Button>
          }
        />
      ) : (
        <AssetCollection
          items={items}
          loading={loading}
          viewMode={viewMode}
          settings={settings}
          scrollRef={scrollRef}
          hasNextPage={content.hasNextPage}
          isFetchingNextPage={content.isFetchingNextPage}
          fetchNextPage={() => void content.fetchNextPage()}
          onOpen={open}
          handlers={{ onDownload: (asset) => void downloadIds([asset.id], asset) }}
          selection={selection}
          itemSlots={review.itemSlots}
        />
      )}
    </div>
  );

  return (
    <>
      <div className={classes.toolbar}>
        <Text
          size="sm"
          c="dimmed"
          data-testid="board-asset-count"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {filtered
            ? interpolate(rt.filteredCount, { count: items.length, total: boardTotal })
            : assetCountText(content.isSuccess ? total : board.assetCount)}
        </Text>
        <Group gap="xs">
          {review.on && (
            <ReviewFilterControl
              value={review.filter}
              onChange={review.setFilter}
              counts={review.counts}
              isReviewer={review.isReviewer}
            />
          )}
          {canEdit && (
            <UploadButton
              scope={scope}
              folderId={board.folderId}
              boardId={board.id}
              label={t.add}
              folderLabel={t.uploadFolder}
              onStarted={uploadStarted}
              extraEntries={[
                { kind: 'divider', key: 'divider' },
                // Members of the board's brand pick from its library (PUT library bulk with boardId).
                {
                  key: 'add-from-library',
                  icon: 'libraryAdd',
                  label: t.addFromLibrary,
                  disabled: !board.can.invite,
                  onClick: onAddFromLibrary,
                  testId: 'add-from-library',
                },
              ]}
            />
          )}
          {viewMode === 'grid' && <SortControl value={sort} onChange={onSortChange} />}
          {viewMode === 'grid' && <GridSettingsMenu value={settings} onChange={setSettings} />}
          <ViewToggle value={viewMode} onChange={setViewMode} />
        </Group>
      </div>
      {canEdit ? (
        <UploadDropZone
          scope={scope}
          folderId={board.folderId}
          folderName={t.thisBoard}
          boardId={board.id}
          onStarted={uploadStarted}
          className={classes.dropZone}
        >
          {body}
        </UploadDropZone>
      ) : (
        body
      )}
      <BoardBulkBar
        count={selection.count}
        onDownload={downloadSelection}
        onAssign={
          board.can.invite
            ? async () => {
                const picked =
                  selection.allFlag && total > items.length
                    ? (await listBoardAssetIds(scope, board.id, BOARD_LIMITS.removeAssetsMax)).map((id) => ({
                        id,
                        library: 'BRAND' as const,
                        name: '',
                      }))
                    : selection.selectedItems(items);
                onAssign({ items: picked });
              }
            : undefined
        }
        onRemove={
          canEdit
            ? () =>
                onRemove({
                  count: selection.count,
                  ids: async () =>
                    selection.allFlag && total > items.length
                      ? listBoardAssetIds(scope, board.id, BOARD_LIMITS.removeAssetsMax)
                      : selection.selectedItems(items).map((item) => item.id),
                })
            : undefined
        }
        onClear={selection.clear}
      />
    </>
  );
}
