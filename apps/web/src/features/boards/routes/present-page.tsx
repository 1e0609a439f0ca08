import { boardsMessages, errorMessages } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconLayoutBoard, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { StatusScreen } from '@/components/status-screen';
import { paths, queryParams } from '@/config/paths';
import { presentationTexts as t } from '@/config/texts/board-presentation';
import { urlScope } from '@/entities/share/access';
import { LinkUnavailable } from '@/entities/share/components/link-unavailable';
import { isApiError } from '@/lib/api-client';
import { useAccessToken } from '@/lib/session';
import { useBoardReviews } from '../api/get-board-reviews';
import { boardQueryOptions } from '../api/get-boards';
import { usePresentationItems } from '../api/get-presentation-items';
import type { Board } from '../api/keys';
import { PresentationDeck } from '../components/presentation/presentation-deck';
import { ReviewPill } from '../components/review/review-pill';

/**
 * /boards/{id}/present: a board as slides, no sign-in needed. The presentation link carries a
 * share token, accountId and brandId (like other shared links; the API client sends the token
 * as X-Share-Token); a member may open it with their session and the brand's ids. An expired
 * or removed link shows the link-unavailable screen. Escape takes members back to the board;
 * visitors have nowhere else to go.
 */
export function PresentPage() {
  const { boardId = '' } = useParams();
  const { search } = useLocation();
  const signedIn = Boolean(useAccessToken());
  const visitor = new URLSearchParams(search).has(queryParams.shareToken) && !signedIn;
  const scope = useMemo(() => urlScope(search), [search]);
  const board = useQuery({
    ...boardQueryOptions(scope ?? { accountId: '', brandId: '' }, boardId),
    enabled: scope !== null,
  });

  if (!scope) return <LinkUnavailable />;
  if (board.isPending) return <PageLoader />;
  if (board.isError) {
    const error = board.error;
    const status = isApiError(error) ? error.status : 0;
    if (status === 410) return <LinkUnavailable expired />;
    // A locked link asks for its password on the board's link, which then comes back here.
    if (visitor && isApiError(error) && error.body?.code === 'password_required')
      return <Navigate to={`${paths.board.getHref(boardId)}${search}`} replace />;
    if (visitor || status === 401) return <LinkUnavailable />;
    if (status === 403 || status === 404) return <BoardMissing />;
    return <LoadFailed onRetry={() => void board.refetch()} />;
  }
  return <Presentation board={board.data} member={!visitor} />;
}

function Presentation({ board, member }: { board: Board; member: boolean }) {
  const navigate = useNavigate();
  const scope = useMemo(() => ({ accountId: board.accountId, brandId: board.brandId }), [board]);
  const content = usePresentationItems(scope, board.id, true);
  const total = content.data ? content.total : content.isError ? 0 : null;
  // In review mode each slide shows its item's review state.
  const reviews = useBoardReviews(board);
  const states = useMemo(
    () => new Map((reviews.data?.assets ?? []).map((review) => [review.assetId, review.state])),
    [reviews.data],
  );
  const boardHref = `${paths.board.getHref(board.id)}?${new URLSearchParams({
    [queryParams.accountId]: board.accountId,
    [queryParams.brandId]: board.brandId,
  })}`;
  return (
    <PresentationDeck
      board={board}
      items={content.items}
      total={total}
      onLeave={member ? () => navigate(boardHref) : undefined}
      reviewPill={(item) => {
        const state = states.get(item.id);
        return state ? <ReviewPill state={state} onDark /> : null;
      }}
      notice={content.isError ? <span> · {t.itemsFailed}</span> : null}
    />
  );
}

function BoardMissing() {
  return (
    <StatusScreen
      data-testid="board-not-found"
      icon={<IconLayoutBoard size={24} stroke={1.75} />}
      title={boardsMessages.notFound}
      text={boardsMessages.notFoundDescription}
      actions={
        <Button component={Link} to={paths.boards.getHref()} leftSection={<IconArrowLeft size={16} />}>
          {t.backToBoards}
        </Button>
      }
    />
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusScreen
      color="red"
      icon={<IconLayoutBoard size={24} stroke={1.75} />}
      title={t.loadFailed}
      text={errorMessages.content}
      actions={
        <Button onClick={onRetry} leftSection={<IconRefresh size={16} />}>
          {t.retry}
        </Button>
      }
    />
  );
}
