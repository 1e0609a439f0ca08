/**
 * Feature flags of 000 §6 with their local defaults. The web merges the remote values
 * (GET /api/feature-flags) over these. Semantic search, result score and video
 * intelligence types are off in the test environment (see testFeatureFlagOverrides).
 */
export const featureFlagDefaults = {
  analyticsBarChart: true,
  pricing: true,
  hookAnalysis: true,
  compareAdsAddItem: true,
  exportAnalyticsCsv: true,
  tagUsageCount: false,
  mediaCreativeFields: true,
  adCreativeMenuItems: true,
  recaptcha: false,
  assetAutoSync: true,
  semanticSearch: true,
  resultScore: true,
  videoIntelligenceTypes: true,
  boardTemplates: true,
} as const;

export type FeatureFlagName = keyof typeof featureFlagDefaults;
export type FeatureFlags = Record<FeatureFlagName, boolean>;
export const featureFlagNames = Object.keys(featureFlagDefaults) as FeatureFlagName[];

export const testFeatureFlagOverrides: Partial<FeatureFlags> = {
  semanticSearch: false,
  resultScore: false,
  videoIntelligenceTypes: false,
};

export function mergeFeatureFlags(
  remote: Record<string, boolean> | undefined,
  base: FeatureFlags = featureFlagDefaults,
): FeatureFlags {
  const merged: FeatureFlags = { ...base };
  for (const name of featureFlagNames) {
    const value = remote?.[name];
    if (typeof value === 'boolean') merged[name] = value;
  }
  return merged;
}
