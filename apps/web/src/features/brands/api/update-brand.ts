import { brandsApi, type UpdateBrandBody } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandKeys } from '@/entities/brand';
import { call } from '@/lib/call';

/** PUT /brands/{id}: the about section (admins). */
export function updateBrand({ brandId, body }: { brandId: string; body: UpdateBrandBody }) {
  return call(brandsApi.update, { params: { id: brandId }, body });
}

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: async (brand, { brandId }) => {
      if (brand?.id) queryClient.setQueryData(brandKeys.detail(brandId), brand);
      // The name shows in the brand switcher.
      await queryClient.invalidateQueries({ queryKey: brandKeys.all });
    },
  });
}
