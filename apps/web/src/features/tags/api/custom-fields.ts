import {
  type CustomField,
  type createCustomFieldBodySchema,
  customFieldsApi,
  type updateCustomFieldBodySchema,
} from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type BrandScope, brandParams, libraryKeys } from '@/entities/asset/api/keys';
import { customFieldKeys } from '@/entities/custom-field/api';
import { call } from '@/lib/call';

/**
 * Managing a brand's custom fields (brand admins only; members get 403): create, change,
 * reorder and delete. The dialogs show 400 and 409 at their fields, so these calls are silent.
 */
export type CreateFieldBody = z.input<typeof createCustomFieldBodySchema>;
export type UpdateFieldBody = z.input<typeof updateCustomFieldBodySchema>;

export function useCreateField(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFieldBody) =>
      call(customFieldsApi.create, { params: brandParams(scope), body }, { silent: true }),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all(scope.brandId) }),
  });
}

/** PUT custom-fields/{id}: name, description, options (renaming keeps values), required on upload. */
export function useUpdateField(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFieldBody }) =>
      call(customFieldsApi.update, { params: { ...brandParams(scope), id }, body }, { silent: true }),
    meta: { silent: true },
    // A removed option took its values off items: their answers change too.
    onSuccess: (_field, { body }) =>
      body.options ? queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }) : undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all(scope.brandId) }),
  });
}

/**
 * Moves a field to `position` (0 = first): shown at once, put back when the server refuses
 * (the caller says so).
 */
export function useMoveField(scope: BrandScope) {
  const queryClient = useQueryClient();
  const key = customFieldKeys.all(scope.brandId);
  return useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) =>
      call(
        customFieldsApi.update,
        { params: { ...brandParams(scope), id }, body: { position } },
        { silent: true },
      ),
    meta: { silent: true },
    onMutate: async ({ id, position }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CustomField[]>(key);
      if (previous) {
        const moving = previous.find((field) => field.id === id);
        const rest = previous.filter((field) => field.id !== id);
        if (moving) rest.splice(position, 0, moving);
        queryClient.setQueryData<CustomField[]>(
          key,
          rest.map((field, index) => ({ ...field, position: index })),
        );
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** DELETE custom-fields/{id}: the field goes, with its values on every item. */
export function useDeleteField(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(customFieldsApi.delete, { params: { ...brandParams(scope), id } }, { silent: true }),
    meta: { silent: true },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customFieldKeys.all(scope.brandId) }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.all(scope.brandId) }),
      ]),
  });
}
