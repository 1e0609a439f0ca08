import { authMessages, errorMessages } from '@hookline/contract';
import { Button, Center, Loader } from '@mantine/core';
import { IconMailX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { paths, queryParams } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { identityLabels } from '@/config/texts/identity-labels';
import { isApiError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { ChoosePasswordForm } from '../components/choose-password-form';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

const t = identityTexts.auth;

/**
 * /email-verification?token=… (000 §4): verifies on arrival. Success signs in; an expired
 * link (401) goes to sign-in with the expired banner; anything else says the link is invalid.
 * Opened outside the browser that signed up, the server answers 409: a verification link
 * never activates a password the mailbox owner did not choose (README, Authentication), so
 * the page asks for the account's password and sends it with the token.
 */
export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get(queryParams.token);
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const verify = useVerifyEmail();
  const [stage, setStage] = useState<'verifying' | 'password' | 'invalid'>(token ? 'verifying' : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const onError = useCallback(
    (error: unknown, withPassword: boolean) => {
      if (isApiError(error) && error.status === 401) {
        navigate(paths.signIn.getHref(undefined, { verification: 'expired' }), { replace: true });
      } else if (isApiError(error) && error.status === 409 && !withPassword) setStage('password');
      else if (withPassword && !(isApiError(error) && error.status === 404))
        setFailure((isApiError(error) && error.body?.message) || errorMessages.content);
      else setStage('invalid');
    },
    [navigate],
  );

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(
      { token },
      {
        onSuccess: ({ access_token }) => completeSignIn(access_token),
        onError: (error) => onError(error, false),
      },
    );
  }, [token, verify, completeSignIn, onError]);

  if (stage === 'invalid' || !token) {
    return (
      <AuthLayout
        data-testid="verification-invalid"
        icon={<IconMailX size={24} stroke={1.75} />}
        iconColor="red"
        title={authMessages.verificationInvalid}
        subtitle={t.verificationSignInAgain}
      >
        <Button component={Link} to={paths.signIn.getHref()} size="md" fullWidth>
          {t.backToSignIn}
        </Button>
      </AuthLayout>
    );
  }

  if (stage === 'password') {
    return (
      <ChoosePasswordForm
        testId="verification-password"
        title={t.verifyPasswordTitle}
        subtitle={t.verifyPasswordSubtitle}
        passwordLabel={t.password}
        submitLabel={t.verifyPasswordSubmit}
        failure={failure}
        pending={verify.isPending}
        onSubmit={(password) => {
          setFailure(null);
          verify.mutate(
            { token, password },
            {
              onSuccess: ({ access_token }) => completeSignIn(access_token),
              onError: (error) => onError(error, true),
            },
          );
        }}
      />
    );
  }

  return (
    <AuthLayout data-testid="email-verification-page" title={identityLabels.verifying}>
      <Center py="md" role="status" aria-label={identityLabels.verifying}>
        <Loader size="sm" color="gray" />
      </Center>
    </AuthLayout>
  );
}
