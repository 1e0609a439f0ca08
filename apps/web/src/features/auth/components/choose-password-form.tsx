import { errorMessages, passwordSchema } from '@hookline/contract';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { AuthLayout } from '@/components/auth-layout';
import { identityTexts } from '@/config/texts/identity';

const t = identityTexts.auth;

export interface ChoosePasswordFormProps {
  testId: string;
  title: string;
  subtitle: string;
  /** The password field's label ('Password', 'New password'). */
  passwordLabel: string;
  submitLabel: string;
  /** Fields shown above the password (the link's e-mail, read-only). */
  children?: ReactNode;
  /** A failure to show above the fields, or null. */
  failure: string | null;
  pending: boolean;
  /** Called with a password that passed the contract's rule. */
  onSubmit: (password: string) => void;
}

/**
 * The page where someone opened an e-mail link and chooses a password (reset, invitation,
 * verification in another browser): at least 6 characters (the contract's rule, shown once
 * the field was left), submit disabled until it holds, a failure above the fields.
 */
export function ChoosePasswordForm({
  testId,
  title,
  subtitle,
  passwordLabel,
  submitLabel,
  children,
  failure,
  pending,
  onSubmit,
}: ChoosePasswordFormProps) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const passwordCheck = passwordSchema.safeParse(password);
  const passwordError =
    touched && !passwordCheck.success ? passwordCheck.error.issues[0]?.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordCheck.success || pending) return;
    onSubmit(password);
  };

  return (
    <AuthLayout data-testid={testId} title={title} subtitle={subtitle}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={errorMessages.title}
            >
              {failure}
            </Alert>
          )}
          {children}
          <PasswordInput
            label={passwordLabel}
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
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
