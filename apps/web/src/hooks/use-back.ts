import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FROM_SIGN_IN, paths, queryParams } from '@/config/paths';
import { buildLink } from '@/lib/link-builder';

/**
 * The back helper (000 §2): one step back, or to a fallback route when the user came from
 * sign-in (`from=sign-in`) or this is the first page of the visit (nothing to go back to).
 */
export function useBack(fallback: string = paths.home.getHref()): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const cameFromSignIn = new URLSearchParams(location.search).get(queryParams.from) === FROM_SIGN_IN;
    // The router marks the first entry of the visit with the key 'default'.
    const atStart = location.key === 'default';
    if (cameFromSignIn || atStart) {
      navigate(buildLink(fallback, {}, location.search), { replace: true });
      return;
    }
    navigate(-1);
  }, [fallback, location.key, location.search, navigate]);
}
