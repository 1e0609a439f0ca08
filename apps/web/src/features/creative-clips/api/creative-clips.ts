import {
  analysisApi,
  type ClipSubtype,
  CREATIVE_CLIP_LIMITS,
  type CreativeClip,
  type CreativeClipType,
} from '@hookline/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import type { ListResult } from '@/lib/api-client';
import { call } from '@/lib/call';
import { nextOffset } from '@/lib/paging';

/** The grid's filters, as the page's query string gives them. */
export interface ClipFilters {
  types: CreativeClipType[];
  subtypes: string[];
  /** Only hooks (the hookAnalysis flag); false: every clip. */
  hook: boolean;
}

export const creativeClipsKeys = {
  all: (brandId: string) => ['creative-clips', brandId] as const,
  list: (brandId: string, filters: ClipFilters) =>
    ['creative-clips', brandId, 'list', filters.types, filters.subtypes, filters.hook] as const,
  types: (brandId: string) => ['creative-clips', brandId, 'types'] as const,
  subtypes: (brandId: string, type: CreativeClipType) =>
    ['creative-clips', brandId, 'subtypes', type] as const,
};

/** The offset of the next page: none once the total is loaded (or a page came back empty). */
/** GET …/creative-clips: the brand's clips of the chosen types and subtypes, 40 a page (001 §9). */
export const creativeClipsQueryOptions = (scope: BrandScope, filters: ClipFilters) =>
  infiniteQueryOptions({
    queryKey: creativeClipsKeys.list(scope.brandId, filters),
    queryFn: ({ pageParam, signal }): Promise<ListResult<CreativeClip>> =>
      call(
        analysisApi.creativeClips,
        {
          params: brandParams(scope),
          query: {
            types: filters.types,
            subtypes: filters.subtypes,
            hook: filters.hook ? 'true' : undefined,
            limit: CREATIVE_CLIP_LIMITS.page,
            offset: pageParam,
          },
        },
        { signal, silent: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    meta: { silent: true },
  });

export function useCreativeClips(scope: BrandScope, filters: ClipFilters) {
  return useInfiniteQuery(creativeClipsQueryOptions(scope, filters));
}

/**
 * GET …/video-intelligence-types: each type with the brand's 5 most used subtypes. Asked only
 * once a type is expanded in the sidebar (never on the first load).
 */
export function useIntelligenceTypes(scope: BrandScope, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: creativeClipsKeys.types(scope.brandId),
      queryFn: ({ signal }) =>
        call(analysisApi.intelligenceTypes, { params: brandParams(scope) }, { signal, silent: true }),
      enabled,
      staleTime: 60_000,
      meta: { silent: true },
    }),
  );
}

/**
 * Scene subtype search (000 §7, 001 §9): the subtypes of one type after the first 5 (which
 * video-intelligence-types gives), 20 a page; asked only when 'Show more' is pressed.
 */
export function useMoreSubtypes(scope: BrandScope, type: CreativeClipType, enabled: boolean) {
  const first: number = CREATIVE_CLIP_LIMITS.subtypesFirstPage;
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: creativeClipsKeys.subtypes(scope.brandId, type),
      queryFn: ({ pageParam, signal }): Promise<ListResult<ClipSubtype>> =>
        call(
          analysisApi.subtypes,
          {
            params: brandParams(scope),
            query: { types: [type], limit: CREATIVE_CLIP_LIMITS.subtypesPage, offset: pageParam },
          },
          { signal, silent: true },
        ),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextOffset(pages, first),
      enabled,
      staleTime: 60_000,
      meta: { silent: true },
    }),
  );
}
