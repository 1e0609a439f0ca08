import { authMessages, interpolate } from '@hookline/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconClockExclamation, IconLinkOff, IconMailCheck, IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { paths } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { useResendVerification } from '../api/resend-verification';

const t = identityTexts.auth;

function BackToSignIn({ variant = 'default' }: { variant?: 'default' | 'filled' }) {
  return (
    <Button component={Link} to={paths.signIn.getHref()} variant={variant} size="md" fullWidth>
      {t.backToSignIn}
    </Button>
  );
}

/** 'Check your inbox' after sign-up (verification) or a forgotten password (reset link). */
export function CheckInbox({ text }: { text: string }) {
  return (
    <AuthLayout
      data-testid="check-inbox"
      icon={<IconMailCheck size={24} stroke={1.75} />}
      title={t.checkInbox}
      subtitle={text}
    >
      <BackToSignIn />
    </AuthLayout>
  );
}

/** Sign-in answered 403: the e-mail is not verified yet (the server sent a new link). */
export function VerificationRequired({ email, onBack }: { email: string; onBack: () => void }) {
  const resend = useResendVerification();
  const [resent, setResent] = useState(false);
  return (
    <AuthLayout
      data-testid="verification-required"
      icon={<IconMailExclamation size={24} stroke={1.75} />}
      iconColor="orange"
      title={authMessages.verificationRequired}
      subtitle={authMessages.verificationRequiredText}
    >
      <Stack gap="md">
        <Text size="sm" ta="center">
          {interpolate(t.verificationSentTo, { email })}
        </Text>
        {resent && (
          <Alert color="teal" variant="light" role="status">
            {interpolate(t.verificationResent, { email })}
          </Alert>
        )}
        <Button
          size="md"
          fullWidth
          loading={resend.isPending}
          onClick={() => resend.mutate(email, { onSuccess: () => setResent(true) })}
        >
          {t.resendVerification}
        </Button>
        <Button size="md" fullWidth variant="default" onClick={onBack}>
          {t.backToSignIn}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

/** A reset or invitation link without its e-mail or token. */
export function LinkInvalid() {
  return (
    <AuthLayout
      data-testid="link-invalid"
      icon={<IconLinkOff size={24} stroke={1.75} />}
      iconColor="red"
      title={authMessages.invitationInvalid}
      subtitle={authMessages.invitationInvalidText}
    >
      <BackToSignIn />
    </AuthLayout>
  );
}

/** The server said the reset or invitation link expired (400). */
export function LinkExpired({ kind }: { kind: 'reset' | 'invitation' }) {
  return (
    <AuthLayout
      data-testid="link-expired"
      icon={<IconClockExclamation size={24} stroke={1.75} />}
      iconColor="orange"
      title={authMessages.linkExpired}
      subtitle={kind === 'reset' ? t.linkExpiredReset : t.linkExpiredInvitation}
    >
      <Stack gap="sm">
        {kind === 'reset' && (
          <Button component={Link} to={paths.forgotPassword.getHref()} size="md" fullWidth>
            {t.requestNewLink}
          </Button>
        )}
        <BackToSignIn />
      </Stack>
    </AuthLayout>
  );
}
