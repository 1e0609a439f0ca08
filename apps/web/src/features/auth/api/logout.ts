import { authApi } from '@hookline/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { clearSession } from '@/lib/session';

/** POST /auth/logout: revokes the token on the server. */
export function logout(): Promise<void> {
  return call(authApi.logout, {}, { silent: true });
}

/**
 * Sign out: the server forgets the token (best effort: a dead token or no network must not
 * keep the user signed in here), then the session is cleared and the route guard goes to
 * sign-in.
 */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Signed out locally all the same.
  }
  clearSession('signed-out');
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut, meta: { silent: true } });
}
