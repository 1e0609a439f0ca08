import { useSearchParams } from 'react-router';
import { queryParams } from '@/config/paths';
import { SignUpFlow } from '../components/sign-up-flow';

/** /secret-signup?code=…: the same sign-up, sending the code that opens it. */
export function SecretSignUpPage() {
  const [params] = useSearchParams();
  return <SignUpFlow signupCode={params.get(queryParams.code) ?? undefined} />;
}
