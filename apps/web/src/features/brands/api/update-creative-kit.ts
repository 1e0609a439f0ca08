import { brandsApi, type updateCreativeKitBodySchema } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { brandKeys } from '@/entities/brand';
import { call } from '@/lib/call';

export type UpdateCreativeKitBody = z.infer<typeof updateCreativeKitBodySchema>;

/** PUT /brands/{id}/creative_kit: colours, fonts and subtitles for campaigns (super users). */
export function updateCreativeKit({ brandId, body }: { brandId: string; body: UpdateCreativeKitBody }) {
  return call(brandsApi.updateCreativeKit, { params: { id: brandId }, body });
}

export function useUpdateCreativeKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCreativeKit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
