import { type Tag, tagsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { tagKeys } from '@/entities/tag/api';
import { call } from '@/lib/call';

/**
 * The tag category picker's move: PUT tags/{id} with the category, one call per tag that is
 * not in it yet. Answers the tags that moved; a failed call shows the default toast.
 */
export async function moveTags(scope: BrandScope, tags: Tag[], categoryId: string): Promise<Tag[]> {
  const moving = tags.filter((tag) => tag.categoryId !== categoryId);
  return Promise.all(
    moving.map((tag) =>
      call(tagsApi.update, { params: { ...brandParams(scope), id: tag.id }, body: { categoryId } }),
    ),
  );
}

export function useMoveTags(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tags, categoryId }: { tags: Tag[]; categoryId: string }) =>
      moveTags(scope, tags, categoryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tagKeys.all(scope.brandId) }),
  });
}
