/**
 * Search (issue 16; 000 §3 enumerations, §7 "Search"; 001 §3 "Filters"). No zod here (like
 * the other *-constants files): the web's first load reads these; the schemas are in search.ts.
 */

/** Aspect buckets a file falls in (within 3 % of the ratio); others have none. */
export const aspectRatios = ['1:1', '16:9', '9:16', '4:5'] as const;
export type AspectRatio = (typeof aspectRatios)[number];

/** Languages a transcript is filed under. */
export const searchLanguages = ['en', 'de', 'fr', 'es', 'pt', 'no', 'sv', 'pl'] as const;
export type SearchLanguage = (typeof searchLanguages)[number];

/** Marketing platforms (000 §3): filled from imported ad creative and video ads. */
export const marketingPlatforms = [
  'FACEBOOK',
  'TIKTOK',
  'YOUTUBE',
  'SNAPCHAT',
  'INSTAGRAM',
  'WEBSITE',
  'NETWORKS',
  'ORGANIC',
  'YOUTUBE_SHORTS',
  'AMAZON_ADS',
  'OTHER',
] as const;
export type MarketingPlatform = (typeof marketingPlatforms)[number];

/** Media metadata a filter compares (length in seconds, width and height in pixels). */
export const metadataFields = ['length', 'width', 'height'] as const;
export type MetadataField = (typeof metadataFields)[number];
export const metadataOperators = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export type MetadataOperator = (typeof metadataOperators)[number];
/** Text filter operators (text and URL custom fields; select options take EQUALS only). */
export const textFilterOperators = ['CONTAINS', 'NOT_CONTAINS', 'EQUALS'] as const;
export type TextFilterOperator = (typeof textFilterOperators)[number];

export const searchSorts = ['relevance', 'createdAt'] as const;
export type SearchSort = (typeof searchSorts)[number];

/** Where a keyword matched an item (a result's `matches`). */
export const matchSources = [
  'NAME',
  'TAG',
  'DESCRIPTION',
  'CUSTOM_FIELD',
  'ON_SCREEN_TEXT',
  'TRANSCRIPT',
  'COMMENT',
] as const;
export type MatchSource = (typeof matchSources)[number];

/** What GET search-options looks in. */
export const searchOptionEntities = [
  'TAG',
  'TAG_CATEGORY',
  'FOLDER',
  'BOARD',
  'USER',
  'CUSTOM_FIELD',
  'CUSTOM_FIELD_VALUE',
  'CLIP_SUBTYPE',
  /** Registered by creative analytics: the brand's ads' creative-info values (detail: the field). */
  'CREATIVE_INFO_VALUE',
] as const;
export type SearchOptionEntity = (typeof searchOptionEntities)[number];

export const SEARCH_LIMITS = {
  keyword: 500,
  /** Largest page of results, options and library options. */
  maxPage: 100,
  /** Filter values of one kind in one query. */
  values: 100,
  /** Snippets per result. */
  matchesPerResult: 3,
  /**
   * A keyword search counts exactly up to this many items; beyond, x-total-count says this
   * many and x-total-count-capped 'true' (the web shows '10,000+').
   */
  exactTotal: 10_000,
} as const;

export const searchMessages = {
  noResults: 'No assets match your search',
  noResultsHint: 'Try other keywords or remove a filter',
  noOptions: 'No options found',
  unknownCustomField: 'Unknown custom field {id}',
  folderNotFound: 'Folder not found',
} as const;
