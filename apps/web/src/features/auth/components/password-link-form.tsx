import { emailSchema, errorMessages } from '@hookline/contract';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryParams } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { identityLabels } from '@/config/texts/identity-labels';
import { isApiError } from '@/lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { LinkExpired, LinkInvalid } from './auth-screens';
import { ChoosePasswordForm } from './choose-password-form';

const t = identityTexts.auth;

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
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!email || !token || !emailSchema.safeParse(email).success) return <LinkInvalid />;
  if (expired) return <LinkExpired kind={kind} />;

  const onSubmit = async (password: string) => {
    setFailure(null);
    try {
      const { access_token } = await submit({ email, token, password });
      completeSignIn(access_token);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setExpired(true);
      else setFailure((isApiError(error) && error.body?.message) || errorMessages.content);
    }
  };

  return (
    <ChoosePasswordForm
      testId={kind === 'reset' ? 'reset-password-page' : 'invitation-page'}
      title={kind === 'reset' ? identityLabels.resetTitle : identityLabels.invitationTitle}
      subtitle={kind === 'reset' ? t.resetSubtitle : t.invitationSubtitle}
      passwordLabel={kind === 'reset' ? t.newPassword : t.password}
      submitLabel={kind === 'reset' ? t.resetSubmit : t.invitationSubmit}
      failure={failure}
      pending={pending}
      onSubmit={(password) => void onSubmit(password)}
    >
      <TextInput label={t.email} value={email} readOnly size="md" autoComplete="username" />
    </ChoosePasswordForm>
  );
}
