import { useResetPassword } from '../api/reset-password';
import { PasswordLinkForm } from '../components/password-link-form';

/** /reset-password?email&token: choose a new password; success signs in (000 §4). */
export function ResetPasswordPage() {
  const reset = useResetPassword();
  return (
    <PasswordLinkForm
      kind="reset"
      pending={reset.isPending}
      submit={({ email, token, password }) => reset.mutateAsync({ email, token, newPassword: password })}
    />
  );
}
