import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterSignInHref } from '@/lib/navigation';
import { setAccessToken } from '@/lib/session';

/** Keeps the new token (cookie and local storage) and goes to `next` (from=sign-in) or home. */
export function useCompleteSignIn(): (accessToken: string) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (accessToken: string) => {
      setAccessToken(accessToken);
      navigate(afterSignInHref(search), { replace: true });
    },
    [navigate, search],
  );
}
