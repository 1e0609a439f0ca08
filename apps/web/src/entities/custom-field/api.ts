import { type CustomField, type CustomFieldValue, customFieldsApi } from '@hookline/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { call } from '@/lib/call';

/**
 * A brand's custom fields (beyond the seeds, as in Air and Bynder): read by the /tags page's
 * Custom fields tab, the player's info tab, the bulk 'Edit fields' dialog and the uploader.
 * Every custom field query of a brand starts with ['customFields', brandId].
 */
export type { CustomField, CustomFieldValue };

/** Field id → value; in updates null clears a value. */
export type FieldValues = Record<string, CustomFieldValue | null>;

export const customFieldKeys = {
  all: (brandId: string) => ['customFields', brandId] as const,
};

export const customFieldsQueryOptions = (scope: BrandScope) =>
  queryOptions({
    queryKey: customFieldKeys.all(scope.brandId),
    queryFn: ({ signal }) =>
      call(customFieldsApi.list, { params: brandParams(scope) }, { signal, silent: true }),
    staleTime: 30_000,
    // Callers show their own state (the fields tab an inline error, the others nothing).
    meta: { silent: true },
  });

/** The brand's fields in their order; `enabled` false waits until they are wanted. */
export function useCustomFields(scope: BrandScope, enabled = true) {
  return useQuery({ ...customFieldsQueryOptions(scope), enabled });
}
