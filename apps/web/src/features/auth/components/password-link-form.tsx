import { emailSchema, messages, passwordSchema } from '@hookline/contract';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { queryParams } from '@/config/paths';
import { webTexts } from '@/config/texts';
import { isApiError } from '@/lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { LinkExpired, LinkInvalid } from './auth-screens';

const t = webTexts.auth;

export interface PasswordLinkFormProps {
  kind: 'reset' | 'invitation';
  /** Sends the e-mail, the link's token and the chosen password; answers the access token. */
  submit: (input: { email: string; token: string; password: string }) => Promise<{ access_token: string }>;
  pending: boolean;
}

/**
 * A page opened from an e-mail link with `email` and `token` (000 §5): the e-mail is shown
 * read-only, a password of at least 6 characters is chosen, and success signs in. A link
 * without e-mail or token is invalid; a 400 means it expired.
 */
export function PasswordLinkForm({ kind, submit, pending }: PasswordLinkFormProps) {
  const [params] = useSearchParams();
  const email = params.get(queryParams.email)?.trim() ?? '';
  const token = params.get(queryParams.token) ?? '';
  const completeSignIn = useCompleteSignIn();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!email || !token || !emailSchema.safeParse(email).success) return <LinkInvalid />;
  if (expired) return <LinkExpired kind={kind} />;

  const passwordCheck = passwordSchema.safeParse(password);
  const passwordError =
    touched && !passwordCheck.success ? passwordCheck.error.issues[0]?.message : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passwordCheck.success || pending) return;
    setFailure(null);
    try {
      const { access_token } = await submit({ email, token, password });
      completeSignIn(access_token);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setExpired(true);
      else setFailure((isApiError(error) && error.body?.message) || messages.error.content);
    }
  };

  return (
    <AuthLayout
      data-testid={kind === 'reset' ? 'reset-password-page' : 'invitation-page'}
      title={kind === 'reset' ? t.resetTitle : t.invitationTitle}
      subtitle={kind === 'reset' ? t.resetSubtitle : t.invitationSubtitle}
    >
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={kind === 'reset' ? t.resetTitle : t.invitationTitle}
      >
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={messages.error.title}
            >
              {failure}
            </Alert>
          )}
          <TextInput label={t.email} value={email} readOnly size="md" autoComplete="username" />
          <PasswordInput
            label={kind === 'reset' ? t.newPassword : t.password}
            description={t.passwordHint}
            autoComplete="new-password"
            size="md"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={passwordError}
          />
          <Button type="submit" size="md" fullWidth loading={pending} disabled={!passwordCheck.success}>
            {kind === 'reset' ? t.resetSubmit : t.invitationSubmit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
