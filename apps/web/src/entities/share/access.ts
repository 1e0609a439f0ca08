import { type AuthorizationPolicy, sharedChildrenSuffix } from '@hookline/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { queryParams } from '@/config/paths';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useAccessToken } from '@/lib/session';
import { policyQueryOptions } from './api';

/**
 * How the caller reaches the library page (000 §6): as a member of its brand; as a shared-link
 * visitor (a share token and no sign-in); or as a signed-in recipient of another brand's item
 * (links carry isShared=true, or a share token) whose active brand stays their own.
 */
export type ShareMode = 'member' | 'visitor' | 'recipient';

export function shareModeOf(search: string, signedIn: boolean): ShareMode {
  const params = new URLSearchParams(search);
  if (params.get(queryParams.shareToken)) return signedIn ? 'recipient' : 'visitor';
  return params.get(queryParams.isShared) === 'true' ? 'recipient' : 'member';
}

export function useShareMode(): ShareMode {
  const { search } = useLocation();
  return shareModeOf(search, Boolean(useAccessToken()));
}

/** What someone reaching items through a share may do, read from their policy. */
export interface SharedAccess {
  scope: BrandScope;
  /** Rename, describe, tag, upload and make folders (Editors). */
  write: boolean;
  /** Move and delete inside a shared folder (Editors; never the shared item itself). */
  remove: boolean;
  comment: boolean;
  download: boolean;
  /** The shared item (a folder's page never goes above it). */
  rootId: string | null;
  rootIsFolder: boolean;
}

/** The shared item's id in a resource path `/{account}/{brand}/{library}/{id}[/*]`. */
const resourceIdOf = (path: string) => path.replace(sharedChildrenSuffix, '').split('/').pop() ?? null;

export function sharedAccessOf(
  policy: AuthorizationPolicy,
  scope: BrandScope,
  mode: ShareMode,
): SharedAccess {
  const types = new Set(policy.permissions.map((p) => p.type));
  const root =
    policy.resourceId ?? (policy.permissions[0] ? resourceIdOf(policy.permissions[0].resourcePath) : null);
  return {
    scope,
    write: types.has('WRITE'),
    remove: types.has('DELETE'),
    // Links are view-only; people shares are Commenters or Editors.
    comment: policy.role ? policy.role !== 'VIEWER' : policy.permissions.length > 0,
    download: mode === 'visitor' ? (policy.downloadsAllowed ?? true) : true,
    rootId: root,
    rootIsFolder: policy.permissions.some((p) => p.resourcePath.endsWith(sharedChildrenSuffix)),
  };
}

/** The brand named in the URL (a shared item's own brand). */
export function urlScope(search: string): BrandScope | null {
  const params = new URLSearchParams(search);
  const accountId = params.get(queryParams.accountId);
  const brandId = params.get(queryParams.brandId);
  return accountId && brandId ? { accountId, brandId, shared: true } : null;
}

/** The caller's shared access on this page; null for members (or while it loads). */
export function useSharedAccess(): { access: SharedAccess | null; loading: boolean; error: unknown } {
  const { search } = useLocation();
  const mode = useShareMode();
  const scope = urlScope(search);
  const policy = useQuery({
    ...policyQueryOptions(mode === 'visitor' ? null : (scope?.brandId ?? null)),
    enabled: mode !== 'member',
  });
  if (mode === 'member' || !scope) return { access: null, loading: false, error: null };
  if (!policy.data) return { access: null, loading: policy.isPending, error: policy.error };
  return { access: sharedAccessOf(policy.data, scope, mode), loading: false, error: null };
}
