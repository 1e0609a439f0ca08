import { Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useAuthOptions } from '../api/get-auth-options';
import { SignUpFlow } from '../components/sign-up-flow';

/** /signup: public sign-up; when sign-up is by secret link only, sign-in instead. */
export function SignUpPage() {
  const options = useAuthOptions();
  if (options.isPending) return <PageLoader />;
  if (options.data?.signupMode === 'secret') return <Navigate to={paths.signIn.getHref()} replace />;
  return <SignUpFlow />;
}
