import { Button } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { identityTexts } from '@/config/texts/identity';
import { isApiError } from '@/lib/api-client';
import { reportError } from '@/lib/error-reporting';
import { showErrorToast } from '@/lib/notify';
import { GoogleSignInCancelled, requestGoogleAccessToken } from '../utils/google-identity';

export interface GoogleButtonProps {
  clientId: string;
  /** Receives Google's access token; the button spins until it settles. */
  onAccessToken: (accessToken: string) => Promise<unknown>;
  disabled?: boolean;
}

/** 'Continue with Google': shown only when the deployment has a Google client id. */
export function GoogleButton({ clientId, onAccessToken, disabled }: GoogleButtonProps) {
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    setPending(true);
    try {
      const accessToken = await requestGoogleAccessToken(clientId);
      await onAccessToken(accessToken);
    } catch (error) {
      if (error instanceof GoogleSignInCancelled) return;
      // API failures already showed their toast; a Google failure needs one.
      if (!isApiError(error)) {
        reportError(error, { feature: 'google-sign-in' });
        showErrorToast({ message: identityTexts.auth.googleFailed });
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconBrandGoogleFilled size={16} />}
      loading={pending}
      disabled={disabled}
      onClick={() => void onClick()}
      data-testid="google-button"
    >
      {identityTexts.auth.continueWithGoogle}
    </Button>
  );
}
