import type { UpdateBrandBody } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type BrandItem, identityKeys } from '@/lib/identity';
import { brandKeys } from './get-brand';

/** PUT /brands/{id}: the about section (admins). */
export function updateBrand({ brandId, body }: { brandId: string; body: UpdateBrandBody }) {
  return api.put<BrandItem>(`/brands/${encodeURIComponent(brandId)}`, body);
}

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: async (brand, { brandId }) => {
      if (brand?.id) queryClient.setQueryData(brandKeys.detail(brandId), brand);
      // The name shows in the brand switcher.
      await queryClient.invalidateQueries({ queryKey: identityKeys.brands });
    },
  });
}
