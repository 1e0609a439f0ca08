import { messages } from '@hookline/contract';
import { Button, Center, Loader } from '@mantine/core';
import { IconMailX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { paths, queryParams } from '@/config/paths';
import { webTexts } from '@/config/texts';
import { isApiError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/**
 * /email-verification?token=… (000 §4): verifies on arrival. Success signs in; an expired
 * link (401) goes to sign-in with the expired banner; anything else says the link is invalid.
 */
export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get(queryParams.token);
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const verify = useVerifyEmail();
  const [invalid, setInvalid] = useState(!token);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: ({ access_token }) => completeSignIn(access_token),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) {
          navigate(paths.signIn.getHref(undefined, { verification: 'expired' }), { replace: true });
        } else setInvalid(true);
      },
    });
  }, [token, verify, completeSignIn, navigate]);

  if (invalid) {
    return (
      <AuthLayout
        data-testid="verification-invalid"
        icon={<IconMailX size={24} stroke={1.75} />}
        iconColor="red"
        title={messages.auth.verificationInvalid}
        subtitle={webTexts.auth.verificationSignInAgain}
      >
        <Button component={Link} to={paths.signIn.getHref()} size="md" fullWidth>
          {webTexts.auth.backToSignIn}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout data-testid="email-verification-page" title={webTexts.auth.verifying}>
      <Center py="md" role="status" aria-label={webTexts.auth.verifying}>
        <Loader size="sm" color="gray" />
      </Center>
    </AuthLayout>
  );
}
