import { boardsApi } from '@hookline/contract';
import { queryOptions } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';
import { boardKeys } from './keys';

/**
 * GET …/boards/locations?assetId: the boards an asset is on, uploaded into (asset) or added
 * from the library (boardAsset). Never stale by time (000 §9): assigning and removing
 * invalidate it (invalidate.ts).
 */
export const boardLocationsQueryOptions = (scope: BrandScope, assetId: string) =>
  queryOptions({
    queryKey: boardKeys.locations(scope.brandId, assetId),
    queryFn: ({ signal }) =>
      call(boardsApi.locations, { params: brandParams(scope), query: { assetId } }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
