import {
  type FeatureFlagName,
  type FeatureFlags,
  featureFlagDefaults,
  mergeFeatureFlags,
  platformApi,
} from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useBrandVariant } from '@/config/brand-variant';
import { call } from '@/lib/call';

/**
 * Feature flags (000 §6): remote values from GET /api/feature-flags, fetched once, merged
 * over the local defaults. While loading, or when the call fails, the defaults apply.
 */
export async function getRemoteFeatureFlags(): Promise<Record<string, boolean>> {
  return call(platformApi.featureFlags, {}, { silent: true });
}

export const featureFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['feature-flags'],
    queryFn: getRemoteFeatureFlags,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });

export function useFeatureFlags(): FeatureFlags {
  const { data } = useQuery(featureFlagsQueryOptions());
  return data ? mergeFeatureFlags(data) : featureFlagDefaults;
}

export function useFeatureFlag(name: FeatureFlagName): boolean {
  return useFeatureFlags()[name];
}

/** Pricing is on when the brand variant sells plans and the pricing flag is on. */
export function usePricingEnabled(): boolean {
  const brand = useBrandVariant();
  const pricingFlag = useFeatureFlag('pricing');
  return brand.pricing && pricingFlag;
}
