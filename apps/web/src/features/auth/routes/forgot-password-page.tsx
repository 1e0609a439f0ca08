import { forgotPasswordBodySchema, interpolate } from '@hookline/contract';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { paths } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { identityLabels } from '@/config/texts/identity-labels';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useForgotPassword } from '../api/forgot-password';
import { CheckInbox } from '../components/auth-screens';

const t = identityTexts.auth;

/** /forgot-password: sends a reset link; submit waits for a valid e-mail and no request running. */
export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm({ schema: forgotPasswordBodySchema, initialValues: { email: '' } });

  if (sentTo) return <CheckInbox text={interpolate(t.resetLinkSent, { email: sentTo })} />;

  const onSubmit = form.onSubmit((body) => {
    if (forgotPassword.isPending) return;
    forgotPassword.mutate(body, { onSuccess: () => setSentTo(body.email) });
  });

  return (
    <AuthLayout
      data-testid="forgot-password-page"
      title={identityLabels.forgotTitle}
      subtitle={t.forgotSubtitle}
      footer={
        <Anchor component={Link} to={paths.signIn.getHref()} size="sm" fw={500}>
          {t.backToSignIn}
        </Anchor>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={identityLabels.forgotTitle}>
        <Stack gap="md">
          <TextInput
            label={t.email}
            type="email"
            autoComplete="email"
            size="md"
            required
            {...form.getInputProps('email')}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={forgotPassword.isPending}
            disabled={!form.isValid}
          >
            {t.sendResetLink}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
