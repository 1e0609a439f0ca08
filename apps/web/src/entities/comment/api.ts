import {
  type Comment,
  type CommentSort,
  type CreateCommentBody,
  commentsApi,
  type MentionableUser,
} from '@hookline/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/**
 * An item's comments (000 §3 "Comment", §7 "Comments"): threads, mentionable people and the
 * writes. Every comment query of an item starts with ['comments', brandId, assetId], so one
 * invalidation (a write, a live event) refreshes them.
 */
export type { Comment, MentionableUser };

export interface CommentFilters {
  sort: CommentSort;
  /** Resolved threads only (true), open ones only (false), or all. */
  resolved?: boolean | undefined;
  mine?: boolean | undefined;
}

export const commentKeys = {
  item: (brandId: string, assetId: string) => ['comments', brandId, assetId] as const,
  threads: (brandId: string, assetId: string, filters: CommentFilters) =>
    ['comments', brandId, assetId, 'threads', filters] as const,
  mentions: (brandId: string, assetId: string) => ['comments', brandId, assetId, 'mentions'] as const,
};

const asQuery = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');

export const commentThreadsQueryOptions = (scope: BrandScope, assetId: string, filters: CommentFilters) =>
  queryOptions({
    queryKey: commentKeys.threads(scope.brandId, assetId, filters),
    queryFn: ({ signal }) =>
      call(
        commentsApi.list,
        {
          params: { ...brandParams(scope), assetId },
          query: { sort: filters.sort, resolved: asQuery(filters.resolved), mine: asQuery(filters.mine) },
        },
        { signal },
      ),
  });

export function useCommentThreads(
  scope: BrandScope,
  assetId: string,
  filters: CommentFilters,
  pollMs: number | false,
  enabled = true,
) {
  return useQuery({
    ...commentThreadsQueryOptions(scope, assetId, filters),
    refetchInterval: pollMs,
    enabled,
  });
}

/** People a comment may mention (signed-in users only; share visitors see comments without mentions). */
export function useMentionable(scope: BrandScope, assetId: string, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.mentions(scope.brandId, assetId),
    queryFn: ({ signal }) =>
      call(commentsApi.mentions, { params: { ...brandParams(scope), assetId } }, { signal, silent: true }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** The writes on an item's comments; each refreshes the threads and the item's count. */
export function useCommentActions(scope: BrandScope, assetId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentKeys.item(scope.brandId, assetId) }),
      queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
    ]);
  const scoped = (id: string) => ({ params: { ...brandParams(scope), id } });
  const settle = { onSettled: refresh };
  return {
    create: useMutation({
      mutationFn: (body: CreateCommentBody) =>
        call(commentsApi.create, { params: { ...brandParams(scope), assetId }, body }),
      ...settle,
    }),
    update: useMutation({
      mutationFn: ({ id, content }: { id: string; content: string }) =>
        call(commentsApi.update, { ...scoped(id), body: { content } }),
      ...settle,
    }),
    remove: useMutation({ mutationFn: (id: string) => call(commentsApi.delete, scoped(id)), ...settle }),
    restore: useMutation({
      mutationFn: (id: string) => call(commentsApi.restore, scoped(id)),
      ...settle,
    }),
    resolve: useMutation({
      mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) =>
        call(resolved ? commentsApi.resolve : commentsApi.unresolve, scoped(id)),
      ...settle,
    }),
    react: useMutation({
      mutationFn: ({ id, emoji }: { id: string; emoji: string }) =>
        call(commentsApi.react, { ...scoped(id), body: { emoji } }),
      ...settle,
    }),
    unreact: useMutation({
      mutationFn: ({ commentId, id }: { commentId: string; id: string }) =>
        call(commentsApi.unreact, { params: { ...brandParams(scope), commentId, id } }),
      ...settle,
    }),
  };
}
