import { libraryApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AssetItem, type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { customFieldKeys, type FieldValues } from '@/entities/custom-field/api';
import { call } from '@/lib/call';

/** The most items one PUT library/bulk names (the contract's bulkUpdateBodySchema). */
const BULK_MAX_ENTITIES = 1000;
/** The largest page the assets list answers. */
const LIST_PAGE = 200;

export interface BulkFieldsInput {
  /** The picked items, or with `all` every file of parentId (select-all past the loaded pages). */
  items: AssetItem[];
  parentId: string;
  all: boolean;
  values: FieldValues;
}

/** Every file directly in a folder (PUT library/bulk has no select-all form: it names items). */
export async function folderFileIds(scope: BrandScope, folderId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += LIST_PAGE) {
    const page = await call(
      libraryApi.listAssets,
      {
        params: brandParams(scope),
        query: { parentId: folderId, limit: LIST_PAGE, offset, sort: 'name', order: 'asc' },
      },
      { silent: true },
    );
    ids.push(...page.items.filter((item) => item.type !== 'FOLDER').map((item) => item.id));
    if (page.items.length === 0 || offset + page.items.length >= page.total) return ids;
  }
}

/**
 * The bulk bar's 'Edit fields': PUT library/bulk { entities, updateQuery: { customFields } } for
 * the selected files (folders carry no values), 1000 a call. A select-all that reaches past the
 * loaded pages lists the folder's files first. Answers how many items were updated.
 */
export function useBulkSetFields(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ items, parentId, all, values }: BulkFieldsInput): Promise<number> => {
      const ids = all
        ? await folderFileIds(scope, parentId)
        : items.filter((item) => item.type !== 'FOLDER').map((item) => item.id);
      let updated = 0;
      for (let start = 0; start < ids.length; start += BULK_MAX_ENTITIES) {
        const answer = await call(libraryApi.bulkUpdate, {
          params: brandParams(scope),
          body: {
            entities: ids
              .slice(start, start + BULK_MAX_ENTITIES)
              .map((id) => ({ id, library: 'BRAND' as const })),
            updateQuery: { customFields: values },
          },
        });
        updated += answer.updatedEntities.length;
      }
      return updated;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
        queryClient.invalidateQueries({ queryKey: customFieldKeys.all(scope.brandId) }),
      ]),
  });
}
