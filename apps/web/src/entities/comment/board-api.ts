import { boardsApi, type CreateCommentBody } from '@hookline/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { type CommentFilters, commentKeys, useCommentActions } from './api';

/**
 * A board's own comments (000 §7 "Comments": GET and POST …/boards/{id}/comments). Their keys
 * sit beside an item's (['comments', brandId, 'board:{id}']); edits, deletes, resolves and
 * reactions are the same calls by comment id as an item's.
 */
const subject = (boardId: string) => `board:${boardId}`;
const asQuery = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');

export function useBoardCommentThreads(
  scope: BrandScope,
  boardId: string,
  filters: CommentFilters,
  pollMs: number | false,
) {
  return useQuery({
    queryKey: commentKeys.threads(scope.brandId, subject(boardId), filters),
    queryFn: ({ signal }) =>
      call(
        boardsApi.comments,
        {
          params: { ...brandParams(scope), id: boardId },
          query: { sort: filters.sort, resolved: asQuery(filters.resolved), mine: asQuery(filters.mine) },
        },
        { signal },
      ),
    refetchInterval: pollMs,
  });
}

export function useBoardMentionable(scope: BrandScope, boardId: string, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.mentions(scope.brandId, subject(boardId)),
    queryFn: ({ signal }) =>
      call(boardsApi.mentions, { params: { ...brandParams(scope), id: boardId } }, { signal, silent: true }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** The writes on a board's comments; each refreshes its threads, and `onChanged` (the board's count). */
export function useBoardCommentActions(scope: BrandScope, boardId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const shared = useCommentActions(scope, subject(boardId));
  const create = useMutation({
    mutationFn: (body: CreateCommentBody) =>
      call(boardsApi.comment, { params: { ...brandParams(scope), id: boardId }, body }),
    onSettled: () => {
      onChanged?.();
      return queryClient.invalidateQueries({ queryKey: commentKeys.item(scope.brandId, subject(boardId)) });
    },
  });
  return { ...shared, create };
}
