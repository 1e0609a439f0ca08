import { interpolate } from '@hookline/contract';
import { Skeleton } from '@mantine/core';
import { IconLayoutBoard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { Board } from '../api/keys';
import { BoardStatusPill } from './board-status';
import classes from './boards.module.css';

export function assetCountText(count: number): string {
  if (count === 0) return t.noAssets;
  return count === 1 ? t.assetsOne : interpolate(t.assets, { count });
}

/** A board in a grid: its thumbnail (the latest item with a preview) or a placeholder, status, name and asset count. */
export function BoardCard({ board, href }: { board: Board; href: string }) {
  return (
    <Link to={href} className={classes.card} data-testid="board-card">
      <div className={classes.cardThumb}>
        {board.thumbnailUrl ? (
          <img src={board.thumbnailUrl} alt="" loading="lazy" draggable={false} />
        ) : (
          <IconLayoutBoard size={48} stroke={1.25} aria-hidden data-testid="board-placeholder" />
        )}
        <BoardStatusPill status={board.status} className={classes.cardStatus} />
      </div>
      <div>
        <div className={classes.cardName} title={board.name}>
          {board.name}
        </div>
        <div className={classes.cardMeta} data-testid="board-asset-count">
          {assetCountText(board.assetCount)}
        </div>
      </div>
    </Link>
  );
}

export function BoardCardSkeleton() {
  return (
    <div data-testid="board-skeleton">
      <Skeleton style={{ aspectRatio: '4 / 3' }} radius="md" />
      <Skeleton height={12} mt={10} width="70%" />
      <Skeleton height={10} mt={6} width="40%" />
    </div>
  );
}
