import { boardsApi, type ReviewDecision } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandParams } from '@/entities/asset/api/keys';
import { commentKeys } from '@/entities/comment/api';
import { call } from '@/lib/call';
import { type Board, boardKeys, boardScope } from './keys';

export interface ReviewAssetInput {
  assetId: string;
  decision: ReviewDecision;
  note?: string;
}

/**
 * POST …/boards/{id}/assets/{assetId}/review (reviewers only). Afterwards the reviews and the
 * board are asked for again (with autoStatus the review may have moved its status), and a
 * note, also posted as a comment on the board, refreshes the board's comments.
 */
export function useReviewAsset(board: Pick<Board, 'id' | 'accountId' | 'brandId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assetId, decision, note }: ReviewAssetInput) =>
      call(boardsApi.review, {
        params: { ...brandParams(boardScope(board)), id: board.id, assetId },
        body: note ? { decision, note } : { decision },
      }),
    onSuccess: (_answer, { note }) => {
      void queryClient.invalidateQueries({ queryKey: boardKeys.detail(board.brandId, board.id) });
      void queryClient.invalidateQueries({ queryKey: boardKeys.lists(board.brandId) });
      if (note)
        void queryClient.invalidateQueries({
          queryKey: commentKeys.item(board.brandId, `board:${board.id}`),
        });
      return queryClient.invalidateQueries({ queryKey: boardKeys.reviews(board.brandId, board.id) });
    },
  });
}
