import type { AnalyticsPreset } from './ad-constants.js';

/**
 * An asset's ad performance (issue 17 "Beyond the seeds"): which ads use a library file and
 * what they did. No zod here (like the other *-constants files): the library cards' badge
 * reads these on the first load; the calls' schemas are in asset-performance.ts.
 */

/**
 * How a file was found in an ad: META_ID, Meta's own video id (the file was published to
 * Meta, and the sync found ads running that video); FINGERPRINT, the ad's creative looks like
 * the file (ASSET_AD_LINK_LIMITS).
 */
export const assetAdLinkMethods = ['META_ID', 'FINGERPRINT'] as const;
export type AssetAdLinkMethod = (typeof assetAdLinkMethods)[number];

/**
 * When an ad's creative is taken for a library file: videos whose lengths differ by at most
 * `videoSeconds` and whose keyframes (10, 30, 50, 70 and 90 % in) each differ by at most
 * `bits` of their 64-bit dHashes; images whose dHashes differ by at most `bits` and whose
 * aspect ratios differ by at most `aspectRatio` (a share: 0.02 is 2 %).
 */
export const ASSET_AD_LINK_LIMITS = { videoSeconds: 0.1, bits: 10, aspectRatio: 0.02 } as const;

/** The asset performance call's preset when none is given (001 §9's previous calendar month). */
export const ASSET_PERFORMANCE_DEFAULT_PRESET: AnalyticsPreset = 'LAST_MONTH';

/** Ids one performance-summary call takes (a page of library cards). */
export const ASSET_PERFORMANCE_SUMMARY_MAX_IDS = 100;
