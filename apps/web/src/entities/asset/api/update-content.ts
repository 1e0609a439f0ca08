import { uploadsApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { documentTextKey, isDocumentTextKey } from './get-document-text';
import { type AssetDetailItem, type AssetItem, type BrandScope, brandParams, libraryKeys } from './keys';

/**
 * PUT …/assets/{id}/content {content}: the new text of a txt or csv document (up to
 * EDITABLE_DOCUMENT_MAX_BYTES); answers the updated asset, 400 for other types or larger text.
 */
export function updateContent(scope: BrandScope, id: string, content: string): Promise<AssetItem> {
  return call(uploadsApi.updateContent, { params: { ...brandParams(scope), id }, body: { content } });
}

/**
 * Saves a document's text. On success the player shows the saved text at once (no refetch of
 * a file the browser may still have cached) and the library's lists refresh (size, date).
 * A failure shows the API client's error toast, with the server's title and message.
 */
export function useUpdateContent(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => updateContent(scope, id, content),
    onSuccess: (asset, { id, content }) => {
      queryClient.setQueryData<AssetDetailItem>(libraryKeys.detail(scope.brandId, id), (detail) =>
        detail ? { ...detail, ...asset } : detail,
      );
      queryClient.setQueryData(documentTextKey(scope.brandId, id, asset.url), content);
      // Everything else of the library refreshes; the text just saved is already in place.
      return queryClient.invalidateQueries({
        queryKey: libraryKeys.all(scope.brandId),
        predicate: (query) => !isDocumentTextKey(query.queryKey),
      });
    },
  });
}
