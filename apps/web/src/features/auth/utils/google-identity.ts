import { loadScript } from './load-script';

/**
 * Google sign-in through Google Identity Services' token client: a Google pop-up asks the
 * user to choose an account and answers an OAuth access token, which the API checks
 * (POST /auth/google, or sign-up with vendor GOOGLE).
 */
const GIS_SRC = 'https://accounts.google.com/gsi/client';
const SCOPES = 'openid email profile';

interface TokenResponse {
  access_token?: string;
  error?: string;
}

interface GoogleAccounts {
  oauth2: {
    initTokenClient(config: {
      client_id: string;
      scope: string;
      callback: (response: TokenResponse) => void;
      error_callback?: (error: { type: string }) => void;
    }): { requestAccessToken(): void };
  };
}

declare global {
  interface Window {
    google?: { accounts?: GoogleAccounts };
  }
}

export class GoogleSignInCancelled extends Error {
  override readonly name = 'GoogleSignInCancelled';
}

export async function requestGoogleAccessToken(clientId: string): Promise<string> {
  if (!clientId) throw new Error('Google sign-in is not configured (no client id)');
  await loadScript(GIS_SRC);
  const accounts = window.google?.accounts;
  if (!accounts) throw new Error('Google Identity Services did not load');
  return new Promise<string>((resolve, reject) => {
    const client = accounts.oauth2.initTokenClient({
      client_id: clientId,
      scope: SCOPES,
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else reject(new Error(response.error ?? 'Google sign-in failed'));
      },
      // The user closed the pop-up, or the browser blocked it.
      error_callback: (error) => reject(new GoogleSignInCancelled(error.type)),
    });
    client.requestAccessToken();
  });
}
