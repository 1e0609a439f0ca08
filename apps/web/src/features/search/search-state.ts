import type {
  MetadataField,
  MetadataOperator,
  SearchFilterChoice,
  SearchFilterItem,
  SearchQuery,
  SearchSort,
} from '@hookline/contract';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { buildLink } from '@/lib/link-builder';

/**
 * The search's keyword and filters (issue 16): one store, the address. Filter items are 001
 * §3's {id, name, operator, children, parentId, params}; the address carries them as JSON in
 * `filters` beside `keyword` and `sort`, so a result list is a link, back and forward work,
 * and chips show names without asking the server. The API's query is derived from them.
 */

export type FilterKind =
  | 'type'
  | 'tags'
  | 'date'
  | 'length'
  | 'width'
  | 'height'
  | 'aspect'
  | 'language'
  | 'platform'
  | 'boards'
  | 'folder'
  | 'library'
  | 'field'
  | 'breakdown'
  | 'subtypes';

/** A chosen value (an id and what the chip shows) and a filter item: the contract's, as saved searches keep them. */
export type FilterChoice = SearchFilterChoice;
export type FilterItem = SearchFilterItem;

export interface SearchState {
  keyword: string;
  filters: FilterItem[];
  sort: SearchSort;
  order: 'asc' | 'desc';
  /** The saved search this one was opened from (its name heads the page; its changes can be saved). */
  saved?: string;
  /** More like this item (GET assets/{id}/similar) instead of a keyword search. */
  similarTo?: string;
}

export const kindOf = (item: FilterItem): FilterKind => item.id.split(':')[0] as FilterKind;

/** Every kind, in the order 'Add filter' offers them. */
export const FILTER_KINDS: readonly FilterKind[] = [
  'type',
  'tags',
  'date',
  'length',
  'width',
  'height',
  'aspect',
  'language',
  'platform',
  'boards',
  'folder',
  'library',
  'field',
  'breakdown',
  'subtypes',
];
const KNOWN_KINDS = new Set<string>(FILTER_KINDS);

/** Filter items from the address: anything malformed is dropped, never an error screen. */
export function parseFilters(raw: string | null): FilterItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is FilterItem =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as FilterItem).id === 'string' &&
        typeof (item as FilterItem).name === 'string' &&
        KNOWN_KINDS.has((item as FilterItem).id.split(':')[0] ?? ''),
    );
  } catch {
    return [];
  }
}

export function readState(search: string): SearchState {
  const params = new URLSearchParams(search);
  return {
    keyword: params.get('keyword')?.trim() ?? '',
    filters: parseFilters(params.get('filters')),
    sort: params.get('sort') === 'createdAt' ? 'createdAt' : 'relevance',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    saved: params.get('saved') ?? undefined,
    similarTo: params.get('similarTo') ?? undefined,
  };
}

/** The address's parameters for a state (empty ones left out). */
export function stateParams(state: SearchState): Record<string, string | null> {
  return {
    keyword: state.keyword || null,
    filters: state.filters.length ? JSON.stringify(state.filters) : null,
    sort: state.sort === 'relevance' ? null : state.sort,
    order: state.order === 'desc' ? null : state.order,
    saved: state.saved ?? null,
    similarTo: state.similarTo ?? null,
  };
}

export const searchHref = (state: SearchState, currentSearch?: string) =>
  buildLink(paths.search.getHref(), stateParams(state), currentSearch);

/** A saved search opened: its keyword, filters and sort, and its id (the page shows its name). */
export const savedSearchHref = (
  saved: Pick<SearchState, 'keyword' | 'filters' | 'sort' | 'order'> & { id: string },
  currentSearch?: string,
) =>
  searchHref(
    { keyword: saved.keyword, filters: saved.filters, sort: saved.sort, order: saved.order, saved: saved.id },
    currentSearch,
  );

/** The same keyword, filters and sort (a saved search opened and not changed since). */
export const sameSearch = (
  a: Omit<SearchState, 'saved' | 'similarTo'>,
  b: Omit<SearchState, 'saved' | 'similarTo'>,
) =>
  a.keyword === b.keyword &&
  a.sort === b.sort &&
  a.order === b.order &&
  JSON.stringify(a.filters) === JSON.stringify(b.filters);

const ids = (item: FilterItem | undefined) => item?.children?.map((c) => c.id) ?? [];

/** GET /search's query for a state (without paging). */
export function toQuery(state: SearchState): SearchQuery {
  const find = (kind: FilterKind) => state.filters.find((item) => kindOf(item) === kind);
  const query: SearchQuery = {
    keyword: state.keyword || undefined,
    sort: state.sort,
    order: state.order,
  };
  const types = ids(find('type'));
  if (types.length) query.types = types as SearchQuery['types'];
  const tags = ids(find('tags'));
  if (tags.length) query.tagIds = tags;
  const date = find('date');
  if (date?.params?.from) query.createdFrom = date.params.from;
  if (date?.params?.to) query.createdTo = date.params.to;
  const metadata: string[] = [];
  for (const field of ['length', 'width', 'height'] as MetadataField[]) {
    const item = find(field);
    if (item?.operator && item.params?.value) metadata.push(`${field}:${item.operator}:${item.params.value}`);
  }
  if (metadata.length) query.metadata = metadata;
  const aspects = ids(find('aspect'));
  if (aspects.length) query.aspectRatios = aspects as SearchQuery['aspectRatios'];
  const languages = ids(find('language'));
  if (languages.length) query.languages = languages as SearchQuery['languages'];
  const platforms = ids(find('platform'));
  if (platforms.length) query.platforms = platforms as SearchQuery['platforms'];
  const boards = ids(find('boards'));
  if (boards.length) query.boards = boards;
  const folder = find('folder');
  const folderId = ids(folder)[0];
  if (folderId) {
    query.folderId = folderId;
    if (folder?.params?.includeSubFolders === false) query.includeSubFolders = 'false';
  }
  const libraries = ids(find('library'));
  if (libraries.length) query.library = libraries as SearchQuery['library'];
  const breakdown = ids(find('breakdown'));
  if (breakdown.length)
    query.transcriptionBreakdownTypes = breakdown as SearchQuery['transcriptionBreakdownTypes'];
  const subtypes = find('subtypes')?.children?.map((c) => c.name) ?? [];
  if (subtypes.length) query.transcriptionBreakdownSubtypes = subtypes;
  const fields = state.filters
    .filter((item) => kindOf(item) === 'field' && item.operator)
    .flatMap((item) => {
      const fieldId = item.id.slice('field:'.length);
      const value = item.children?.[0]?.id ?? item.params?.value;
      return value ? [`${fieldId}:${item.operator}:${value}`] : [];
    });
  if (fields.length) query.customFields = fields;
  return query;
}

/** Breakdown filters are on: results open on the player's creative clips. */
export const hasBreakdownFilters = (state: SearchState) =>
  state.filters.some((item) => ['breakdown', 'subtypes'].includes(kindOf(item)) && item.children?.length);

export const METADATA_OPERATORS: MetadataOperator[] = ['gt', 'gte', 'lt', 'lte', 'eq'];

/** The store: the state the address holds, and a setter that pushes a history entry. */
export function useSearchState(): [SearchState, (next: SearchState) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readState(location.search), [location.search]);
  const set = useCallback(
    (next: SearchState) => navigate(searchHref(next, location.search)),
    [navigate, location.search],
  );
  return [state, set];
}
