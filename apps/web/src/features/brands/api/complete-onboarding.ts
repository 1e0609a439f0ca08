import { brandsApi, type completeOnboardingBodySchema } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { brandKeys, brandsQueryOptions } from '@/entities/brand';
import { call } from '@/lib/call';

export type CompleteOnboardingBody = z.infer<typeof completeOnboardingBodySchema>;

/** POST /brands/{id}/onboarding: company name, industry and website; the brand is then onboarded. */
export function completeOnboarding({ brandId, body }: { brandId: string; body: CompleteOnboardingBody }) {
  return call(brandsApi.completeOnboarding, { params: { id: brandId }, body });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async (brand, { brandId }) => {
      // The route guard reads the list: mark the brand onboarded before leaving the page.
      queryClient.setQueryData(brandsQueryOptions().queryKey, (brands) =>
        brands?.map((b) => (b.id === brandId ? { ...b, ...brand, onboardingCompleted: true } : b)),
      );
      await queryClient.invalidateQueries({ queryKey: brandKeys.all, refetchType: 'none' });
    },
  });
}
