/** Tags and tag categories (000 §3 "Tag and category", §5, §9) without schemas. */

export const tagCategoryTypes = ['SYSTEM', 'CUSTOM'] as const;
export type TagCategoryType = (typeof tagCategoryTypes)[number];

/** The SYSTEM category every brand has: new tags from inline entry land in it. */
export const GENERAL_TAG_CATEGORY = 'General';

/**
 * The SYSTEM category the AI analysis puts the tags it makes in (a name the brand already has
 * as a tag is reused wherever it is); made on first use, like General.
 */
export const AI_TAG_CATEGORY = 'AI tags';

export const TAG_LIMITS = {
  /** Tag names: 001 §5's video tag limit; one tag list serves every library. */
  nameMax: 20,
  categoryNameMax: 30,
  descriptionMax: 700,
  /** Names one bulk create takes. */
  bulkNames: 100,
  /** Tags one bulk tag call adds or removes. */
  bulkTagIds: 100,
  /**
   * Tags with auto-search on, per account: the seeds leave the value unshown (000 §5 "limit
   * value not shown"); 50 keeps the analysis's per-file text search cheap.
   */
  autoSearchPerAccount: 50,
} as const;

/** Where a tag on an item came from: a person, the AI analysis, or a tag's auto-search. */
export const assetTagSources = ['USER', 'AI', 'AUTO_SEARCH'] as const;
export type AssetTagSource = (typeof assetTagSources)[number];
