/**
 * Verifies a Google OAuth access token with Google's own endpoints: the token must have been
 * issued to our client id (tokeninfo `aud`/`azp`) and carry a verified e-mail (userinfo).
 * The base URL is configurable so tests run against a local server speaking the same protocol.
 */
export interface GoogleIdentity {
  verify(
    accessToken: string,
    clientId: string,
  ): Promise<{ email: string; firstName: string; lastName: string } | undefined>;
}

export function createGoogleIdentity(apiBaseUrl: string): GoogleIdentity {
  return {
    async verify(accessToken, clientId) {
      const info = await getJson(
        `${apiBaseUrl}/oauth2/v3/tokeninfo?access_token=${encodeURIComponent(accessToken)}`,
      );
      if (!info || (info.aud !== clientId && info.azp !== clientId)) return undefined;
      const profile = await getJson(`${apiBaseUrl}/oauth2/v3/userinfo`, accessToken);
      const email = typeof profile?.email === 'string' ? profile.email.toLowerCase() : undefined;
      if (!profile || !email || (profile.email_verified !== true && profile.email_verified !== 'true'))
        return undefined;
      return {
        email,
        firstName: String(profile.given_name ?? email.split('@')[0]),
        lastName: String(profile.family_name ?? ''),
      };
    },
  };
}

async function getJson(url: string, bearer?: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(url, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  if (!response?.ok) return undefined;
  return (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
}
