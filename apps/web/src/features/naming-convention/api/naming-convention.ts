import type { NamingConvention } from '@hookline/contract';
import { namingConventionApi } from '@hookline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { namingConventionKeys } from '@/entities/naming-convention/api';
import { call } from '@/lib/call';

/** PUT: saves it (admins); the server parses every ad again and answers as the GET. */
export function saveNamingConvention(scope: BrandScope, body: NamingConvention) {
  return call(namingConventionApi.update, { params: brandParams(scope), body });
}

export function useSaveNamingConvention(scope: BrandScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NamingConvention) => saveNamingConvention(scope, body),
    onSuccess: (answer) => queryClient.setQueryData(namingConventionKeys.detail(scope.brandId), answer),
  });
}
