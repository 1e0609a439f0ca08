import { interpolate } from '@hookline/contract';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useBrandVariant } from '@/config/brand-variant';
import { paths, queryParams } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { useInviteInfo } from '../api/get-invite-info';
import { SignUpFlow } from '../components/sign-up-flow';

/**
 * /invite-signup?inviteId=…: sign-up for someone invited without an account. The e-mail is
 * the invited one and cannot change; an invite that does not load sends to sign-in.
 */
export function InviteSignUpPage() {
  const [params] = useSearchParams();
  const inviteId = params.get(queryParams.inviteId);
  const brand = useBrandVariant();
  const invite = useInviteInfo(inviteId);

  if (!inviteId || invite.isError) return <Navigate to={paths.signIn.getHref()} replace />;
  if (!invite.data) return <PageLoader />;
  return (
    <SignUpFlow
      lockedEmail={invite.data.email}
      inviteId={inviteId}
      subtitle={interpolate(identityTexts.auth.inviteSubtitle, {
        name: invite.data.invitedByUserName,
        brand: brand.name,
      })}
    />
  );
}
