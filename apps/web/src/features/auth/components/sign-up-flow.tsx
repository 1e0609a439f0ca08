import {
  emailSchema,
  errorMessages,
  interpolate,
  type SignupBody,
  signupBodySchema,
  TEXT_LIMITS,
} from '@hookline/contract';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { paths, queryParams } from '@/config/paths';
import { appTexts } from '@/config/texts/app';
import { identityTexts } from '@/config/texts/identity';
import { identityLabels } from '@/config/texts/identity-labels';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { isApiError } from '@/lib/api-client';
import { reportError } from '@/lib/error-reporting';
import { useAuthOptions } from '../api/get-auth-options';
import { type SignupResponse, useSignup } from '../api/signup';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { getRecaptchaToken } from '../utils/recaptcha';
import { CheckInbox } from './auth-screens';
import { GoogleButton } from './google-button';

const t = identityTexts.auth;

/** The e-mail branch of the sign-up body: the form's schema and the request's. */
const emailSignupSchema = signupBodySchema.options[0];

/** Continue on the e-mail step: a valid e-mail of more than 5 characters (000 §5). */
export function canContinueWithEmail(email: string): boolean {
  return email.trim().length > TEXT_LIMITS.emailMinExclusive && emailSchema.safeParse(email).success;
}

export interface SignUpFlowProps {
  /** An invitation fixes the e-mail (000 §4). */
  lockedEmail?: string;
  inviteId?: string;
  /** /secret-signup?code=…: the code that opens sign-up when it is not public. */
  signupCode?: string;
  subtitle?: ReactNode;
}

/**
 * Sign-up in two steps (000 §4): the e-mail (or Google), then full name and password. With an
 * invite the answer signs the user in; without one the user is asked to verify the e-mail.
 */
export function SignUpFlow({
  lockedEmail,
  inviteId,
  signupCode,
  subtitle = t.signUpSubtitle,
}: SignUpFlowProps) {
  const { search } = useLocation();
  const next = new URLSearchParams(search).get(queryParams.next) ?? undefined;
  const options = useAuthOptions();
  const signup = useSignup();
  const completeSignIn = useCompleteSignIn();
  const [step, setStep] = useState<'email' | 'details'>('email');
  const [email, setEmail] = useState(lockedEmail ?? '');
  const [verificationSentTo, setVerificationSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checkingRecaptcha, setCheckingRecaptcha] = useState(false);

  const form = useSchemaForm({
    schema: emailSignupSchema,
    initialValues: {
      email: lockedEmail ?? '',
      fullName: '',
      password: '',
      confirmPassword: '',
      inviteId,
      signupCode,
    },
  });

  if (verificationSentTo) {
    return <CheckInbox text={interpolate(t.verifyEmailSent, { email: verificationSentTo })} />;
  }

  const send = async (body: SignupBody, shownEmail: string) => {
    setFailure(null);
    let recaptchaToken: string | null = null;
    const siteKey = options.data?.recaptchaSiteKey;
    if (siteKey) {
      setCheckingRecaptcha(true);
      try {
        recaptchaToken = await getRecaptchaToken(siteKey, 'signup');
      } catch (error) {
        // The server decides: without a token it refuses, and the form says so.
        reportError(error, { feature: 'recaptcha' });
      } finally {
        setCheckingRecaptcha(false);
      }
    }
    let answer: SignupResponse;
    try {
      answer = await signup.mutateAsync({ body, recaptchaToken });
    } catch (error) {
      setFailure((isApiError(error) && error.body?.message) || errorMessages.content);
      return;
    }
    if (answer.access_token) completeSignIn(answer.access_token);
    else setVerificationSentTo(shownEmail);
  };

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    if (!canContinueWithEmail(email)) return;
    form.setFieldValue('email', email.trim());
    setFailure(null);
    setStep('details');
  };

  const onCreate = form.onSubmit((body) => {
    if (signup.isPending || checkingRecaptcha) return;
    void send(body, body.email);
  });

  const googleClientId = options.data?.googleClientId;
  const pending = signup.isPending || checkingRecaptcha;

  const failureAlert = failure && (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={errorMessages.title}
      data-testid="sign-up-error"
    >
      {failure}
    </Alert>
  );

  return (
    <AuthLayout
      data-testid="sign-up-page"
      title={identityLabels.signUpTitle}
      subtitle={subtitle}
      footer={
        <>
          {t.haveAccount}{' '}
          <Anchor component={Link} to={paths.signIn.getHref(next)} size="sm" fw={500}>
            {t.signIn}
          </Anchor>
        </>
      }
    >
      {step === 'email' ? (
        <>
          {failureAlert}
          {googleClientId && (
            <>
              <GoogleButton
                clientId={googleClientId}
                disabled={pending}
                onAccessToken={(accessToken) =>
                  send({ vendor: 'GOOGLE', data: { accessToken }, inviteId, signupCode }, email || '')
                }
              />
              <Divider label={appTexts.common.or} labelPosition="center" />
            </>
          )}
          <form onSubmit={onContinue} noValidate aria-label={identityLabels.signUpTitle}>
            <Stack gap="md">
              <TextInput
                label={t.email}
                type="email"
                autoComplete="email"
                size="md"
                required
                value={email}
                readOnly={Boolean(lockedEmail)}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <Button type="submit" size="md" fullWidth disabled={!canContinueWithEmail(email)}>
                {t.continue}
              </Button>
            </Stack>
          </form>
        </>
      ) : (
        <form onSubmit={onCreate} noValidate aria-label={t.createAccount}>
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} truncate data-testid="sign-up-email">
                {form.values.email}
              </Text>
              {!lockedEmail && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconArrowLeft size={14} />}
                  onClick={() => setStep('email')}
                  disabled={pending}
                >
                  {t.changeEmail}
                </Button>
              )}
            </Group>
            {failureAlert}
            <TextInput
              label={t.fullName}
              autoComplete="name"
              size="md"
              required
              {...form.getInputProps('fullName')}
            />
            <PasswordInput
              label={t.password}
              description={t.passwordHint}
              autoComplete="new-password"
              size="md"
              required
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t.confirmPassword}
              autoComplete="new-password"
              size="md"
              required
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" size="md" fullWidth loading={pending}>
              {t.createAccount}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
