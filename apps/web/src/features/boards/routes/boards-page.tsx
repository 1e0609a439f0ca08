import { interpolate, SKELETON_COUNT } from '@hookline/contract';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconLayoutBoard, IconPlus, IconShare } from '@tabler/icons-react';
import { type UIEvent, useEffect, useMemo, useRef } from 'react';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useActiveBrand } from '@/entities/brand';
import { useLinkBuilder } from '@/lib/link-builder';
import { useBoards } from '../api/get-boards';
import type { Board, BoardListKind } from '../api/keys';
import { BoardCard, BoardCardSkeleton } from '../components/board-card';
import classes from '../components/boards.module.css';
import { useNewBoard } from '../components/new-board-dialogs';

/** Load the next page when the end is this close (px). */
const NEAR_END_PX = 400;

/** /boards: the brand's boards. */
export function AllBoardsPage() {
  return <BoardsPage kind="all" />;
}
/** /boards/me: the boards I created. */
export function MyBoardsPage() {
  return <BoardsPage kind="mine" />;
}
/** /boards/shared: boards of other brands shared with me. */
export function SharedBoardsPage() {
  return <BoardsPage kind="shared" />;
}

/**
 * A grid of board cards (000 §2 "Boards"): 20 a page with infinite scroll, 20 skeletons while
 * the first page loads, the count beside the title and an empty state that says what to do.
 * Shared boards open in their own brand: their links carry its accountId and brandId.
 */
function BoardsPage({ kind }: { kind: BoardListKind }) {
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const link = useLinkBuilder();
  const boards = useBoards(scope, kind);
  const newBoard = useNewBoard(scope);
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = useMemo(() => boards.data?.pages.flatMap((page) => page.items) ?? [], [boards.data]);
  const total = boards.data?.pages[boards.data.pages.length - 1]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = boards;

  const loadMoreIfNear = (element: HTMLElement | null) => {
    if (!element || !hasNextPage || isFetchingNextPage) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END_PX) void fetchNextPage();
  };
  // A first page that does not fill the window: the next one loads at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever a page arrives.
  useEffect(() => loadMoreIfNear(scrollRef.current), [items.length, hasNextPage, isFetchingNextPage]);

  const hrefOf = (board: Board) =>
    kind === 'shared'
      ? link(paths.board.getHref(board.id), {
          accountId: board.accountId,
          brandId: board.brandId,
          isShared: 'true',
        })
      : link(paths.board.getHref(board.id), { isShared: null });

  const title = kind === 'all' ? t.titles.all : kind === 'mine' ? t.titles.mine : t.titles.shared;
  const empty = boards.isSuccess && items.length === 0;
  return (
    <div className={classes.page} data-testid="boards-page">
      <header className={classes.header}>
        <Group gap="xs" align="baseline">
          <Title order={1} size="h3" fw={600} data-testid="page-title">
            {title}
          </Title>
          {boards.isSuccess && (
            <Text
              c="dimmed"
              size="sm"
              data-testid="boards-count"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {total === 1 ? t.countOne : interpolate(t.count, { count: total })}
            </Text>
          )}
        </Group>
        {kind !== 'shared' && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={newBoard.start}>
            {t.newBoard}
          </Button>
        )}
      </header>
      <div
        className={classes.body}
        ref={scrollRef}
        onScroll={(event: UIEvent<HTMLDivElement>) => loadMoreIfNear(event.currentTarget)}
      >
        {boards.isError ? (
          <EmptyState
            icon={<IconLayoutBoard size={28} />}
            title={t.loadFailed}
            action={
              <Button variant="default" size="xs" onClick={() => void boards.refetch()}>
                {appTexts.routeError.reload}
              </Button>
            }
          />
        ) : empty && kind === 'shared' ? (
          <EmptyState
            testId="boards-empty"
            icon={<IconShare size={28} />}
            title={t.sharedEmptyTitle}
            text={t.sharedEmpty}
          />
        ) : empty ? (
          <EmptyState
            testId="boards-empty"
            icon={<IconLayoutBoard size={28} />}
            title={t.emptyTitle}
            text={t.emptyText}
            action={
              <Button size="xs" mt="xs" leftSection={<IconPlus size={14} />} onClick={newBoard.start}>
                {t.createFirst}
              </Button>
            }
          />
        ) : (
          <div className={classes.grid} data-testid="boards-grid" aria-busy={boards.isPending || undefined}>
            {boards.isPending
              ? Array.from({ length: SKELETON_COUNT }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in a fixed order.
                  <BoardCardSkeleton key={index} />
                ))
              : items.map((board) => <BoardCard key={board.id} board={board} href={hrefOf(board)} />)}
            {isFetchingNextPage &&
              Array.from({ length: 4 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in a fixed order.
                <BoardCardSkeleton key={`more-${index}`} />
              ))}
          </div>
        )}
      </div>
      {newBoard.dialogs}
    </div>
  );
}
