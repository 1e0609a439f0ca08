import { BOARD_LIMITS, interpolate, messages, SKELETON_COUNT } from '@hookline/contract';
import { ActionIcon, Button, Group, Menu, Skeleton, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconArrowLeft,
  IconChecklist,
  IconLayoutBoard,
  IconLibraryPlus,
  IconMessageCircle,
  IconX,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { OnDemand } from '@/components/on-demand';
import { StatusScreen } from '@/components/status-screen';
import { paths, queryParams } from '@/config/paths';
import { webTexts } from '@/config/texts';
import { boardReviewTexts as rt } from '@/config/texts/board-review';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { useDownloadAsset } from '@/entities/asset/api/download';
import { ZIP_MAX_ENTITIES } from '@/entities/asset/api/download-zip';
import { flattenPages } from '@/entities/asset/api/get-assets';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { AssetCollection } from '@/entities/asset/components/asset-collection';
import { GridSettingsMenu, SortControl, ViewToggle } from '@/entities/asset/components/view-controls';
import { useSelection } from '@/entities/asset/hooks/use-selection';
import { useGridSettings, useSorting, useViewMode } from '@/entities/asset/hooks/use-view-prefs';
import { startZipDownload } from '@/entities/asset/hooks/use-zip-download';
import type { PlayerLinks } from '@/entities/asset/player/media-player';
import { UploadButton } from '@/entities/asset/uploads/components/upload-button';
import { UploadDropZone } from '@/entities/asset/uploads/components/upload-drop-zone';
import { AssignToBoardDialog } from '@/entities/board/assign-to-board-on-demand';
import type { AssignRequest } from '@/entities/board/components/assign-to-board-dialog';
import { useActiveBrand } from '@/entities/brand';
import { isAccountAdmin, profileQueryOptions } from '@/entities/profile';
import { urlScope } from '@/entities/share/access';
import { ShareDialog } from '@/entities/share/components/share-dialog-on-demand';
import { isApiError } from '@/lib/api-client';
import { useLinkBuilder } from '@/lib/link-builder';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useDeleteBoard } from '../api/delete-board';
import { listBoardAssetIds, useBoardAssets } from '../api/get-board-assets';
import { useBoard } from '../api/get-boards';
import { type Board, boardKeys, boardScope } from '../api/keys';
import { usePresentBoard } from '../api/present-board';
import { AddFromLibraryModal } from '../components/add-from-library/add-from-library-on-demand';
import { BoardBulkBar } from '../components/board-bulk-bar';
import { assetCountText } from '../components/board-card';
import { BoardDescription } from '../components/board-description';
import { BoardMenu } from '../components/board-menu';
import { BoardStatusMenu } from '../components/board-status-menu';
import { BoardTags } from '../components/board-tags';
import { BoardTitle } from '../components/board-title';
import classes from '../components/boards.module.css';
import { DeleteBoardModal } from '../components/delete-board-modal';
import { ReviewFilterControl } from '../components/review/review-filter-control';
import { ReviewProgress } from '../components/review/review-progress';
import { ReviewSettingsDialog } from '../components/review/review-settings-dialog';
import { recordBoardOperation } from '../hooks/board-operation-log';
import { useBoardReview } from '../hooks/use-board-review';
import { useRemoveFromBoard } from '../hooks/use-remove-from-board';

/** The player, the same code the library opens (its own chunk, shared). */
const MediaPlayer = lazy(async () => ({
  default: (await import('@/entities/asset/player/media-player')).MediaPlayer,
}));
const BoardCommentsPanel = lazy(async () => ({
  default: (await import('@/entities/comment/components/board-comments-panel')).BoardCommentsPanel,
}));

/**
 * /boards/{id}/{fileId?}/{tab?}: one board (000 §2 "Boards"). A board shared from another
 * brand is asked for in that brand (its link carries the brand's ids and isShared).
 */
export function BoardPage() {
  const { boardId = '' } = useParams();
  const brand = useActiveBrand();
  const { search } = useLocation();
  // A board shared from another brand: that brand's ids are in its link (with isShared).
  const shared = new URLSearchParams(search).get(queryParams.isShared) === 'true' ? urlScope(search) : null;
  const accountId = shared?.accountId ?? brand.accountId;
  const brandId = shared?.brandId ?? brand.id;
  const scope = useMemo<BrandScope>(() => ({ accountId, brandId }), [accountId, brandId]);
  const board = useBoard(scope, boardId);

  if (board.isPending) return <BoardSkeleton />;
  if (board.isError) {
    if (isApiError(board.error) && (board.error.status === 404 || board.error.status === 403))
      return <BoardNotFound />;
    return (
      <EmptyState
        icon={<IconLayoutBoard size={28} />}
        title={messages.error.title}
        text={messages.error.content}
        action={
          <Button variant="default" size="xs" onClick={() => void board.refetch()}>
            {webTexts.routeError.reload}
          </Button>
        }
      />
    );
  }
  return <BoardView key={board.data.id} board={board.data} />;
}

/** While the board loads: its header's shape, and the grid's 20 placeholders. */
function BoardSkeleton() {
  return (
    <div className={classes.page} data-testid="board-loading" aria-busy>
      <div className={classes.boardIntro}>
        <Group gap="sm">
          <Skeleton height={28} width={280} radius="sm" />
          <Skeleton height={22} width={80} radius="sm" />
        </Group>
        <Skeleton height={14} width="50%" />
      </div>
      <div className={classes.body}>
        <div className={classes.grid}>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in a fixed order.
            <div key={index}>
              <Skeleton style={{ aspectRatio: '4 / 3' }} radius="md" />
              <Skeleton height={12} mt={10} width="70%" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** 'Board not found' (000 §8) with a way back to the boards. */
function BoardNotFound() {
  const link = useLinkBuilder();
  return (
    <StatusScreen
      data-testid="board-not-found"
      fullScreen={false}
      icon={<IconLayoutBoard size={24} stroke={1.75} />}
      title={messages.boards.notFound}
      text={messages.boards.notFoundDescription}
      actions={
        <Button
          component={Link}
          to={link(paths.boards.getHref(), { isShared: null })}
          leftSection={<IconArrowLeft size={16} />}
        >
          {t.notFoundBack}
        </Button>
      }
    />
  );
}

function BoardView({ board }: { board: Board }) {
  const { fileId, tab } = useParams();
  const scope = useMemo(() => boardScope(board), [board]);
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const queryClient = useQueryClient();
  const scrollRef = useRef<HTMLDivElement>(null);
  const canEdit = board.can.update;
  const [sort, setSort] = useSorting('board');
  const [viewMode, setViewMode] = useViewMode();
  const [settings, setSettings] = useGridSettings('board');
  const content = useBoardAssets(scope, board.id, sort);
  const { items: loaded, total: boardTotal } = useMemo(() => flattenPages(content.data), [content.data]);
  const review = useBoardReview(board, loaded, boardTotal);
  // With a review filter on, the page lists (and selects among) the loaded items that pass it.
  const items = review.shown;
  const total = review.filter === 'all' ? boardTotal : items.length;
  const selection = useSelection(items, total);
  const [sharing, setSharing] = useState(false);
  const [reviewSettings, setReviewSettings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [assigning, setAssigning] = useState<AssignRequest | null>(null);
  const [addingFromLibrary, setAddingFromLibrary] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const remove = useRemoveFromBoard(board, { onRemoved: (ids) => selection.remove(ids) });
  const deleteBoard = useDeleteBoard(board);
  const presentBoard = usePresentBoard(board);
  /** Opens the presentation in a new tab and copies its link (the board's public view-only link). */
  const present = () =>
    presentBoard.mutate(undefined, {
      onSuccess: ({ href }) => {
        window.open(href, '_blank', 'noopener');
        void navigator.clipboard?.writeText(href).catch(() => undefined);
        showSuccessToast(t.presentCopiedText, t.presentCopied);
      },
      onError: () => showErrorToast({ title: t.presentFailed }),
    });
  const { mutate: downloadFile } = useDownloadAsset(scope);
  const signedIn = useQuery(profileQueryOptions()).data;
  const activeBrand = useActiveBrand();

  const boardHref = link(paths.board.getHref(board.id));
  const playerLinks: PlayerLinks = useMemo(
    () => ({ item: (id, tab) => link(paths.board.getHref(board.id, id, tab)), close: boardHref }),
    [link, board.id, boardHref],
  );
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

  const downloadIds = async (ids: string[], single?: AssetItem) => {
    if (single && single.type !== 'FOLDER') downloadFile(single.id);
    else await startZipDownload(scope, ids, board.name);
  };
  const downloadBoard = async () => {
    try {
      const ids = await listBoardAssetIds(scope, board.id, ZIP_MAX_ENTITIES);
      await startZipDownload(scope, ids, board.name);
    } catch {
      showErrorToast();
    }
  };
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
  const commentsLabel = commentsOpen ? t.closeComments : t.openComments;

  const body = (
    <div className={classes.body} ref={scrollRef} data-testid="board-content">
      {content.isError ? (
        <EmptyState
          icon={<IconLayoutBoard size={28} />}
          title={t.contentLoadFailed}
          action={
            <Button variant="default" size="xs" onClick={() => void content.refetch()}>
              {webTexts.routeError.reload}
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
    <div className={classes.page} data-testid="board-page">
      <div className={classes.boardLayout}>
        <div className={classes.boardMain}>
          <div className={classes.boardIntro}>
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <BoardTitle board={board} canEdit={canEdit} />
                <BoardStatusMenu board={board} canEdit={canEdit} />
              </Group>
              <Group gap="xs" wrap="nowrap">
                {canEdit && (
                  <Button
                    size="xs"
                    variant={board.reviewMode ? 'light' : 'default'}
                    leftSection={<IconChecklist size={14} />}
                    onClick={() => setReviewSettings(true)}
                    data-testid="review-settings-button"
                  >
                    {board.reviewMode ? rt.reviewSettings : rt.startReview}
                  </Button>
                )}
                <Tooltip label={commentsLabel}>
                  <Button
                    size="xs"
                    variant={commentsOpen ? 'light' : 'default'}
                    leftSection={<IconMessageCircle size={14} />}
                    aria-pressed={commentsOpen}
                    onClick={() => setCommentsOpen((value) => !value)}
                    data-testid="board-comments-toggle"
                  >
                    {/* The name says what it does, then the visible count (axe: label-content-name-mismatch). */}
                    <VisuallyHidden>{commentsLabel} </VisuallyHidden>
                    {board.comments}
                  </Button>
                </Tooltip>
                <BoardMenu
                  board={board}
                  onShare={() => setSharing(true)}
                  onPresent={present}
                  onDownload={() => void downloadBoard()}
                  onDelete={() => setDeleting(true)}
                />
              </Group>
            </Group>
            <BoardDescription board={board} canEdit={canEdit} />
            <BoardTags board={board} canEdit={canEdit} />
            {board.reviewMode && <ReviewProgress board={board} reviews={review.reviews} />}
          </div>
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
                >
                  <Menu.Divider />
                  {/* Members of the board's brand pick from its library (PUT library bulk with boardId). */}
                  <Menu.Item
                    leftSection={<IconLibraryPlus size={14} />}
                    disabled={!board.can.invite}
                    onClick={() => setAddingFromLibrary(true)}
                    data-testid="add-from-library"
                  >
                    {t.addFromLibrary}
                  </Menu.Item>
                </UploadButton>
              )}
              {viewMode === 'grid' && <SortControl value={sort} onChange={setSort} />}
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
                        ? (await listBoardAssetIds(scope, board.id, BOARD_LIMITS.removeAssetsMax)).map(
                            (id) => ({
                              id,
                              library: 'BRAND' as const,
                              name: '',
                            }),
                          )
                        : selection.selectedItems(items);
                    setAssigning({ items: picked });
                  }
                : undefined
            }
            onRemove={
              canEdit
                ? () =>
                    remove.confirm({
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
        </div>
        {commentsOpen && (
          <aside className={classes.side} aria-label={t.comments}>
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{t.comments}</Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t.closeComments}
                onClick={() => setCommentsOpen(false)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
            <Suspense fallback={null}>
              <BoardCommentsPanel
                scope={scope}
                boardId={board.id}
                viewer={
                  signedIn
                    ? {
                        userId: signedIn.userId,
                        isAdmin: isAccountAdmin(signedIn),
                        canWrite: board.can.comment,
                      }
                    : null
                }
                onChanged={() =>
                  void queryClient.invalidateQueries({ queryKey: boardKeys.detail(board.brandId, board.id) })
                }
              />
            </Suspense>
          </aside>
        )}
      </div>
      {canEdit && (
        <ShareDialog
          opened={sharing}
          onClose={() => setSharing(false)}
          scope={scope}
          item={{ id: board.folderId, name: board.name, library: 'BRAND' }}
          brandName={activeBrand.id === board.brandId ? activeBrand.name : ''}
        />
      )}
      <AssignToBoardDialog scope={scope} request={assigning} onClose={() => setAssigning(null)} />
      {board.can.invite && (
        <AddFromLibraryModal
          board={board}
          opened={addingFromLibrary}
          onClose={() => setAddingFromLibrary(false)}
        />
      )}
      <OnDemand when={deleting}>
        <DeleteBoardModal
          board={board}
          opened={deleting}
          busy={deleteBoard.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={(deleteUploadedFiles) =>
            deleteBoard.mutate(deleteUploadedFiles, {
              onSuccess: () => {
                setDeleting(false);
                showSuccessToast(t.deleted);
                navigate(link(paths.boards.getHref(), { isShared: null }), { replace: true });
              },
            })
          }
        />
      </OnDemand>
      {remove.dialog}
      {review.dialog}
      {canEdit && (
        <OnDemand when={reviewSettings}>
          <ReviewSettingsDialog
            board={board}
            opened={reviewSettings}
            onClose={() => setReviewSettings(false)}
          />
        </OnDemand>
      )}
      {fileId && (
        <Suspense fallback={null}>
          <MediaPlayer
            scope={scope}
            fileId={fileId}
            links={playerLinks}
            tab={tab}
            items={loaded}
            hasNextPage={content.hasNextPage}
            fetchNextPage={() => void content.fetchNextPage()}
            canEdit={canEdit}
            canComment={board.can.comment}
            handlers={{ onDownload: (asset) => void downloadIds([asset.id], asset) }}
            barActions={review.barActions}
          />
        </Suspense>
      )}
    </div>
  );
}
