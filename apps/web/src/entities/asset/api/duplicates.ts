import {
  type DuplicateAction,
  type DuplicateOf,
  type DuplicateResolution,
  duplicateMessages,
  duplicatesApi,
  interpolate,
} from '@hookline/contract';
import { call } from '@/lib/call';
import { type BrandScope, brandParams } from './keys';

/**
 * POST …/assets/{assetId}/duplicate-resolution (issue 15 "Beyond"): KEEP_BOTH clears the
 * file's duplicate mark, SKIP deletes the new file. A failure shows the default
 * error toast.
 */
export function resolveDuplicate(
  scope: BrandScope,
  assetId: string,
  action: DuplicateAction,
): Promise<DuplicateResolution> {
  return call(duplicatesApi.resolve, { params: { ...brandParams(scope), assetId }, body: { action } });
}

/** 'Identical to {name}' or 'Looks like a duplicate of {name}': what a duplicate matches. */
export const duplicateText = (duplicateOf: DuplicateOf): string =>
  interpolate(duplicateOf.identical ? duplicateMessages.identical : duplicateMessages.alike, {
    name: duplicateOf.name,
  });
