import { useAcceptInvitation } from '../api/accept-invitation';
import { PasswordLinkForm } from '../components/password-link-form';

/** /invitation?email&token: a team invitation; the new member sets a password and is signed in. */
export function InvitationPage() {
  const accept = useAcceptInvitation();
  return <PasswordLinkForm kind="invitation" pending={accept.isPending} submit={accept.mutateAsync} />;
}
