import { Navigate, Outlet, useLocation } from 'react-router';
import { afterSignInHref } from '@/lib/navigation';
import { getAccessToken } from '@/lib/session';

/**
 * Around the sign-in pages (000 §2): a signed-in user who lands here goes to `next` with
 * from=sign-in appended, or home. Read once on arrival: the pages navigate themselves after
 * signing in.
 */
export function RedirectSignedIn() {
  const { search } = useLocation();
  if (getAccessToken()) return <Navigate to={afterSignInHref(search)} replace />;
  return <Outlet />;
}
