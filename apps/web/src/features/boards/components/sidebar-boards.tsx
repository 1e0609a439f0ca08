import { useMemo } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import type { BrandScope } from '@/entities/asset/api/keys';
import { boardStatusColors } from '@/entities/board/status-colors';
import { useActiveBrand } from '@/entities/brand';
import { buildLink } from '@/lib/link-builder';
import { useSidebarBoards } from '../api/get-boards';
import classes from './sidebar-boards.module.css';

/**
 * The sidebar's list of the brand's boards (000 §2 "Navigation helpers and shell"): the first
 * page of them, each with its status colour; the open board is marked. Nothing shows while
 * it loads or when the brand has none (the entries above lead to the boards pages).
 */
export function SidebarBoards() {
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const location = useLocation();
  const boards = useSidebarBoards(scope);
  const openId = matchPath(paths.board.path, location.pathname)?.params.boardId;
  if (!boards.data || boards.data.items.length === 0) return null;
  return (
    <div className={classes.list} data-testid="sidebar-boards">
      {boards.data.items.map((board) => (
        <Link
          key={board.id}
          to={buildLink(paths.board.getHref(board.id), { isShared: null, shareToken: null }, location.search)}
          className={classes.row}
          aria-current={openId === board.id ? 'page' : undefined}
          title={board.name}
        >
          <span
            className={classes.dot}
            style={{ background: `var(--mantine-color-${boardStatusColors[board.status]}-5)` }}
            aria-hidden
          />
          <span className={classes.name}>{board.name}</span>
        </Link>
      ))}
    </div>
  );
}
