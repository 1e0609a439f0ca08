import { boardsMessages, errorMessages, SKELETON_COUNT } from '@hookline/contract';
import { ActionIcon, Button, Group, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft, IconLayoutBoard, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { StatusScreen } from '@/components/status-screen';
import { paths, queryParams } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import { useDownloadAsset } from '@/entities/asset/api/download';
import { ZIP_MAX_ENTITIES } from '@/entities/asset/api/download-zip';
import { flattenPages } from '@/entities/asset/api/get-assets';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { useSelection } from '@/entities/asset/hooks/use-selection';
import { useSorting } from '@/entities/asset/hooks/use-view-prefs';
import { startZipDownload } from '@/entities/asset/hooks/zip-download';
import { LazyMediaPlayer as MediaPlayer } from '@/entities/asset/player/lazy-media-player';
import type { PlayerLinks } from '@/entities/asset/player/media-player';
import { useActiveBrand } from '@/entities/brand';
import { isAccountAdmin, profileQueryOptions } from '@/entities/profile';
import { urlScope } from '@/entities/share/access';
import { isApiError } from '@/lib/api-client';
import { useLinkBuilder } from '@/lib/link-builder';
import { showErrorToast } from '@/lib/notify';
import { listBoardAssetIds, useBoardAssets } from '../api/get-board-assets';
import { useBoard } from '../api/get-boards';
import { type Board, boardKeys, boardScope } from '../api/keys';
import { BoardContent } from '../components/board-content';
import { BoardDialogs, useBoardDialogs } from '../components/board-dialogs';
import { BoardHeader } from '../components/board-header';
import classes from '../components/boards.module.css';
import { useBoardReview } from '../hooks/use-board-review';
import { useRemoveFromBoard } from '../hooks/use-remove-from-board';

/** The player, the same code the library opens (its own chunk, shared). */
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
        title={errorMessages.title}
        text={errorMessages.content}
        action={
          <Button variant="default" size="xs" onClick={() => void board.refetch()}>
            {appTexts.routeError.reload}
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
      title={boardsMessages.notFound}
      text={boardsMessages.notFoundDescription}
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
  const link = useLinkBuilder();
  const queryClient = useQueryClient();
  const canEdit = board.can.update;
  const [sort, setSort] = useSorting('board');
  const content = useBoardAssets(scope, board.id, sort);
  const { items: loaded, total: boardTotal } = useMemo(() => flattenPages(content.data), [content.data]);
  const review = useBoardReview(board, loaded, boardTotal);
  // With a review filter on, the page lists (and selects among) the loaded items that pass it.
  const items = review.shown;
  const total = review.filter === 'all' ? boardTotal : items.length;
  const selection = useSelection(items, total);
  const dialogs = useBoardDialogs();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const remove = useRemoveFromBoard(board, { onRemoved: (ids) => selection.remove(ids) });
  const { mutate: downloadFile } = useDownloadAsset(scope);
  const signedIn = useQuery(profileQueryOptions()).data;

  const boardHref = link(paths.board.getHref(board.id));
  const playerLinks: PlayerLinks = useMemo(
    () => ({ item: (id, tab) => link(paths.board.getHref(board.id, id, tab)), close: boardHref }),
    [link, board.id, boardHref],
  );

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

  return (
    <div className={classes.page} data-testid="board-page">
      <div className={classes.boardLayout}>
        <div className={classes.boardMain}>
          <BoardHeader
            board={board}
            reviews={review.reviews}
            commentsOpen={commentsOpen}
            onToggleComments={() => setCommentsOpen((value) => !value)}
            onReviewSettings={() => dialogs.setReviewSettings(true)}
            onShare={() => dialogs.setSharing(true)}
            onDownload={() => void downloadBoard()}
            onDelete={() => dialogs.setDeleting(true)}
          />
          <BoardContent
            board={board}
            scope={scope}
            content={content}
            review={review}
            loaded={loaded}
            boardTotal={boardTotal}
            items={items}
            total={total}
            selection={selection}
            sort={sort}
            onSortChange={setSort}
            fileId={fileId}
            downloadIds={downloadIds}
            downloadBoard={downloadBoard}
            onAddFromLibrary={() => dialogs.setAddingFromLibrary(true)}
            onAssign={dialogs.setAssigning}
            onRemove={remove.confirm}
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
      <BoardDialogs
        board={board}
        scope={scope}
        state={dialogs}
        removeDialog={remove.dialog}
        reviewDialog={review.dialog}
      />
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
