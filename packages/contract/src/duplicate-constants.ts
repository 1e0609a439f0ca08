/**
 * Duplicates at upload (issue 15 "Beyond"): processing fingerprints each image and video
 * (SHA-256 and 64-bit dHashes); a new file that matches an older one of the same brand and
 * library is marked `duplicateOf` it until someone resolves it. No zod here (like the other
 * *-constants files): the web imports these, and zod must stay off its first load; the field's
 * schema, duplicateOfSchema, is in library.ts beside assetSchema.
 */

export const DUPLICATE_LIMITS = {
  /** Groups per page of GET /duplicates. */
  page: 20,
  /** Images whose dHashes differ in at most this many of 64 bits look alike. */
  imageBits: 6,
  /** Videos look alike when every keyframe's dHash is within this many bits… */
  videoBitsPerFrame: 8,
  /** …and their lengths within this many seconds. */
  videoSeconds: 0.5,
  /**
   * And every picture's colours alike: the mean difference of its 3 × 3 colour grid's
   * values (0–255). dHashes see only light and shade: two layouts in other colours match.
   */
  colourDifference: 12,
} as const;

/** Where a video's keyframes are fingerprinted, as fractions of its length. */
export const DUPLICATE_KEYFRAMES = [0.1, 0.3, 0.5, 0.7, 0.9] as const;

export const duplicateMessages = {
  identical: 'Identical to {name}',
  alike: 'Looks like a duplicate of {name}',
  keepBoth: 'Keep both',
  skip: 'Skip',
  notDuplicate: 'This file is not marked as a duplicate',
} as const;

/** KEEP_BOTH clears the mark for good; SKIP deletes the new file (the library's delete). */
export const duplicateActions = ['KEEP_BOTH', 'SKIP'] as const;
export type DuplicateAction = (typeof duplicateActions)[number];
