import { authMessages, errorMessages, loginBodySchema } from '@hookline/contract';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { paths, queryParams } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { identityTexts } from '@/config/texts/identity';
import { identityLabels } from '@/config/texts/identity-labels';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { isApiError } from '@/lib/api-client';
import { useAuthOptions } from '../api/get-auth-options';
import { useGoogleLogin } from '../api/google-login';
import { useLogin } from '../api/login';
import { VerificationRequired } from '../components/auth-screens';
import { GoogleButton } from '../components/google-button';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

const t = identityTexts.auth;

/** The password field's error for a failed sign-in (000 §4): 403 is handled before. */
export function signInErrorText(error: unknown): string {
  if (!isApiError(error)) return errorMessages.title;
  if (error.status === 401) return error.body?.message || authMessages.wrongCredentials;
  if (error.status === 429) return error.body?.message || authMessages.tooManyRequests;
  if (error.status === 400) return authMessages.incorrectCredentials;
  return error.body?.message || errorMessages.title;
}

/** /signin (000 §2, §4): e-mail and password, or Google. */
export function SignInPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const next = params.get(queryParams.next) ?? undefined;
  const verificationExpired = params.get(queryParams.verification) === 'expired';

  const options = useAuthOptions();
  const login = useLogin();
  const googleLogin = useGoogleLogin();
  const completeSignIn = useCompleteSignIn();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useSchemaForm({
    schema: loginBodySchema,
    initialValues: { email: '', password: '' },
    requiredMessages: { password: authMessages.passwordRequired },
  });

  if (unverifiedEmail) {
    return <VerificationRequired email={unverifiedEmail} onBack={() => setUnverifiedEmail(null)} />;
  }

  const onSubmit = form.onSubmit((body) => {
    // A second Enter while the first attempt runs is ignored.
    if (login.isPending) return;
    setFailure(null);
    login.mutate(body, {
      onSuccess: ({ access_token }) => completeSignIn(access_token),
      onError: (error) => {
        if (isApiError(error) && error.status === 403) setUnverifiedEmail(body.email);
        else setFailure(signInErrorText(error));
      },
    });
  });

  const edit = (field: 'email' | 'password') => {
    const input = form.getInputProps(field);
    return {
      ...input,
      onChange: (event: unknown) => {
        setFailure(null);
        input.onChange(event);
      },
    };
  };

  const googleClientId = options.data?.googleClientId;
  const signUpOpen = options.data?.signupMode !== 'secret';

  return (
    <AuthLayout
      data-testid="sign-in-page"
      title={identityLabels.signInTitle}
      subtitle={t.signInSubtitle}
      footer={
        signUpOpen && options.data ? (
          <>
            {t.noAccount}{' '}
            <Anchor component={Link} to={paths.signUp.getHref(next)} size="sm" fw={500}>
              {t.signUp}
            </Anchor>
          </>
        ) : null
      }
    >
      {verificationExpired && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconClockExclamation size={18} />}
          data-testid="verification-expired-banner"
        >
          {authMessages.verificationExpired}
        </Alert>
      )}
      {googleClientId && (
        <>
          <GoogleButton
            clientId={googleClientId}
            onAccessToken={async (accessToken) => {
              const { access_token } = await googleLogin.mutateAsync(accessToken);
              completeSignIn(access_token);
            }}
          />
          <Divider label={appTexts.common.or} labelPosition="center" />
        </>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={identityLabels.signInTitle}>
        <Stack gap="md">
          <TextInput
            label={t.email}
            type="email"
            autoComplete="email"
            size="md"
            required
            {...edit('email')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t.password}
              autoComplete="current-password"
              size="md"
              required
              {...edit('password')}
              error={form.errors.password ?? failure ?? undefined}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.forgotPassword.getHref()} size="sm">
                {t.forgotPassword}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            {t.signIn}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
