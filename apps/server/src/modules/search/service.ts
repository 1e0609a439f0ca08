import {
  type Asset,
  type CustomFieldFilter,
  type customFieldTypes,
  type EndpointQuery,
  interpolate,
  type SearchMatch,
  type SearchOption,
  type SearchOptionEntity,
  type SearchParams,
  type SearchResult,
  type searchEndpoints,
  searchMessages,
  textFilterOperators,
} from '@hookline/contract';
import { validationFailed } from '../../platform/http/errors.js';
import type { AccessService } from '../access/service.js';
import type { LibraryItems } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import type { SearchIndexer } from './indexer.js';
import {
  type FieldInfo,
  HIGHLIGHT_START,
  HIGHLIGHT_STOP,
  type MatchRow,
  type OptionSource,
  type SearchHit,
  type SearchRepository,
} from './repository.js';
import type { SavedSearches } from './saved-searches.js';
import type { SemanticSearch } from './semantic.js';
import type { SimilarItems } from './similar.js';

/**
 * Search (issue 16): the brand's items by keyword and filters, where each matched, and the
 * options its filters offer. Members only (library.read on the brand): a share link or a
 * share invite never searches a brand. Another brand's items never reach an answer: every
 * query starts from the brand.
 */
export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    readonly indexer: SearchIndexer,
    readonly semantic: SemanticSearch,
    readonly similar: SimilarItems,
    readonly saved: SavedSearches,
  ) {}

  /** Another module serves this entity's options (creative analytics: CREATIVE_INFO_VALUE). */
  registerOptions(entity: SearchOptionEntity, source: OptionSource): void {
    this.repository.registeredOptions.set(entity, source);
  }

  /** `capped`: more items match than SEARCH_LIMITS.exactTotal, which `total` then is. */
  async search(
    s: LibraryScope,
    params: SearchParams,
  ): Promise<{ items: SearchResult[]; total: number; capped: boolean }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const [folder, tagGroups, fields] = await Promise.all([
      params.folderId ? this.repository.folder(s.brandId, params.folderId) : null,
      this.repository.tagGroups(s.brandId, params.tagIds),
      this.repository.fields(
        s.brandId,
        params.customFields.map((f) => f.fieldId),
      ),
    ]);
    if (params.folderId && !folder)
      throw validationFailed([{ path: 'querystring.folderId', message: searchMessages.folderNotFound }]);
    params.customFields.forEach((filter, index) => {
      const problem = fieldFilterProblem(filter, fields.get(filter.fieldId));
      if (problem) throw validationFailed([{ path: `querystring.customFields.${index}`, message: problem }]);
    });
    const keyword = params.keyword ?? '';
    // includeShared: items other brands shared with the caller in person join the results.
    const shared =
      params.includeShared && s.actor.kind === 'user'
        ? await this.repository.sharedRoots(s.actor.userId, s.brandId)
        : [];
    const resolved = {
      brandId: s.brandId,
      params,
      plainWords: plainWords(keyword),
      folder,
      tagGroups,
      fields,
      shared,
    };
    // Hybrid (lexical and by meaning) when semantic search is on, else lexical.
    const found: { hits: SearchHit[]; total: number; capped?: boolean } =
      (await this.semantic.search(this.repository, resolved)) ?? (await this.repository.search(resolved));
    const { hits, total, capped = false } = found;
    const ids = hits.map((h) => h.id);
    const [assets, matchRows] = await Promise.all([
      shared.length ? this.presentAcrossBrands(s, ids) : this.items.present(s, ids),
      this.repository.matches(ids, keyword),
    ]);
    const matches = groupMatches(matchRows);
    const scoreOf = new Map(hits.map((h) => [h.id, h.score]));
    const superUser = s.actor.kind === 'user' && s.actor.isSuperUser;
    return {
      total,
      capped,
      items: assets.map((asset: Asset) => ({
        ...asset,
        matches: matches.get(asset.id) ?? [],
        ...(superUser ? { score: Math.round((scoreOf.get(asset.id) ?? 0) * 1000) / 1000 } : {}),
      })),
    };
  }

  /** Items of several brands (the caller's and those shared with them), each as its brand presents it, in order. */
  private async presentAcrossBrands(s: LibraryScope, ids: string[]): Promise<Asset[]> {
    const byBrand = new Map<string, { accountId: string; ids: string[] }>();
    for (const row of await this.repository.brandsOf(ids)) {
      const entry = byBrand.get(row.brandId) ?? { accountId: row.accountId, ids: [] };
      entry.ids.push(row.id);
      byBrand.set(row.brandId, entry);
    }
    const presented = new Map<string, Asset>();
    for (const [brandId, entry] of byBrand)
      for (const item of await this.items.present({ ...s, accountId: entry.accountId, brandId }, entry.ids))
        presented.set(item.id, item);
    return ids.flatMap((id) => presented.get(id) ?? []);
  }

  async options(
    s: LibraryScope,
    query: EndpointQuery<typeof searchEndpoints.options>,
  ): Promise<SearchOption[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    if (query.entity === 'CUSTOM_FIELD_VALUE' && !query.fieldId)
      throw validationFailed([
        { path: 'querystring.fieldId', message: 'Name the custom field whose values to list' },
      ]);
    return this.repository.options(s.brandId, query.entity, {
      q: query.q ?? '',
      limit: query.limit,
      offset: query.offset,
      fieldId: query.fieldId,
      library: query.library,
    });
  }

  async libraryOptions(
    s: LibraryScope,
    query: EndpointQuery<typeof searchEndpoints.libraryOptions>,
  ): Promise<Asset[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const ids = await this.repository.libraryOptions(s.brandId, {
      q: query.q ?? '',
      library: query.library,
      types: query.types,
      limit: query.limit,
      offset: query.offset,
    });
    return this.items.present(s, ids);
  }
}

/** The keyword's words for fuzzy name matching: no quotes, no excluded words, no 'or'. */
export function plainWords(keyword: string): string {
  return keyword
    .replace(/["“”]/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-') && word.toLowerCase() !== 'or')
    .join(' ')
    .trim();
}

/** Why a custom field filter does not fit its field (the brand's, the operator and value its type's), or null. */
function fieldFilterProblem(filter: CustomFieldFilter, field: FieldInfo | undefined): string | null {
  if (!field) return interpolate(searchMessages.unknownCustomField, { id: filter.fieldId });
  const type = field.type as (typeof customFieldTypes)[number];
  const textOperator = (textFilterOperators as readonly string[]).includes(filter.operator);
  if (type === 'NUMBER' || type === 'DATE') {
    if (textOperator) return `${filter.operator} does not apply to a ${type.toLowerCase()} field`;
    if (type === 'NUMBER' && (filter.value.trim() === '' || !Number.isFinite(Number(filter.value))))
      return `${filter.value} is not a number`;
    if (type === 'DATE' && !/^\d{4}-\d{2}-\d{2}$/.test(filter.value))
      return `${filter.value} is not a date (YYYY-MM-DD)`;
    return null;
  }
  if (type === 'SINGLE_SELECT' || type === 'MULTI_SELECT') {
    if (filter.operator !== 'EQUALS') return 'Select fields take EQUALS an option';
    if (!field.options.some((o) => o.id === filter.value))
      return `${filter.value} is not an option of the field`;
    return null;
  }
  return textOperator ? null : `${filter.operator} does not apply to a text field`;
}

/** ts_headline's marked text → the snippet and its highlighted ranges. */
export function readHeadline(headline: string): { snippet: string; highlights: [number, number][] } {
  let snippet = '';
  const highlights: [number, number][] = [];
  let start = -1;
  for (const char of headline) {
    if (char === HIGHLIGHT_START) start = snippet.length;
    else if (char === HIGHLIGHT_STOP) {
      if (start >= 0) highlights.push([start, snippet.length]);
      start = -1;
    } else snippet += char;
  }
  return { snippet, highlights };
}

function groupMatches(rows: MatchRow[]): Map<string, SearchMatch[]> {
  const byAsset = new Map<string, SearchMatch[]>();
  for (const row of rows) {
    const { snippet, highlights } = readHeadline(row.headline);
    const list = byAsset.get(row.asset_id) ?? [];
    list.push({ source: row.s, snippet, highlights, timestampMs: row.ms ?? null });
    byAsset.set(row.asset_id, list);
  }
  return byAsset;
}
