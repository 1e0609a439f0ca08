import { boardsApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { type Board, boardKeys, boardScope } from './keys';

export const boardReviewsQueryOptions = (board: Pick<Board, 'id' | 'accountId' | 'brandId'>) =>
  queryOptions({
    queryKey: boardKeys.reviews(board.brandId, board.id),
    queryFn: ({ signal }) =>
      call(
        boardsApi.reviews,
        { params: { ...brandParams(boardScope(board)), id: board.id } },
        { signal, silent: true },
      ),
    meta: { silent: true },
  });

/**
 * GET …/boards/{id}/reviews: every item's review state, its reviewers' decisions and the
 * progress; asked for once per board while review mode is on (and again after decisions).
 */
export function useBoardReviews(board: Pick<Board, 'id' | 'accountId' | 'brandId' | 'reviewMode'>) {
  return useQuery({ ...boardReviewsQueryOptions(board), enabled: board.reviewMode });
}
