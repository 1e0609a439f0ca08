import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/session';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { fieldError } from '@/test/form';
import { acme, healthyStatus, makeProfile } from '@/test/identity';
import { renderApp } from '@/test/render';

const publicOptions = { googleClientId: null, signupMode: 'public', recaptchaSiteKey: null };

function signedInApi() {
  return {
    'GET /api/brands': () => jsonResponse([acme], { headers: { 'x-total-count': '1' } }),
    'GET /api/profile': () => jsonResponse(makeProfile()),
    'GET /api/health': () => jsonResponse(healthyStatus),
  };
}

async function renderSignIn(entry = '/signin') {
  const rendered = renderApp(entry);
  await screen.findByRole('heading', { name: 'Sign in' });
  return rendered;
}

async function fillAndSubmit(user: Awaited<ReturnType<typeof renderSignIn>>['user'], password = 'secret1') {
  await user.type(screen.getByLabelText(/^Email/), 'ana@acme.test');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it('signs in, keeps the token in the access_token cookie and goes to next with from=sign-in', async () => {
    const network = stubFetch({
      'GET /api/auth/options': () => jsonResponse(publicOptions),
      'POST /api/auth/login': () => jsonResponse({ access_token: 'tok-123' }),
      ...signedInApi(),
    });
    const { user, router } = await renderSignIn('/signin?next=%2Fsettings%2Fteam-members');
    await fillAndSubmit(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/team-members'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('sign-in');
    expect(network.to('/api/auth/login')[0]?.body).toEqual({ email: 'ana@acme.test', password: 'secret1' });
    expect(document.cookie).toContain('access_token=tok-123');
    expect(window.localStorage.getItem('access_token')).toBe('tok-123');
    // Later calls carry the token.
    await waitFor(() => expect(network.to('/api/brands').length).toBeGreaterThan(0));
    expect(network.to('/api/brands')[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('a 403 shows the e-mail verification screen with a resend action', async () => {
    const network = stubFetch({
      'GET /api/auth/options': () => jsonResponse(publicOptions),
      'POST /api/auth/login': () =>
        errorResponse(403, { code: 'forbidden', title: 'Forbidden', message: 'Email not verified' }),
      'POST /api/auth/resend-verification': () => new Response(null, { status: 204 }),
    });
    const { user } = await renderSignIn();
    await fillAndSubmit(user);

    expect(await screen.findByRole('heading', { name: 'Account Verification Required' })).toBeTruthy();
    expect(screen.getByText('Please check your inbox for the verification link.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('We sent a new verification link to ana@acme.test.')).toBeTruthy();
    expect(network.to('/api/auth/resend-verification')[0]?.body).toEqual({ email: 'ana@acme.test' });
    expect(getAccessToken()).toBeNull();
  });

  it('a 401 shows the wrong-credentials text as the password field error', async () => {
    stubFetch({
      'GET /api/auth/options': () => jsonResponse(publicOptions),
      'POST /api/auth/login': () =>
        errorResponse(401, {
          code: 'unauthorized',
          title: 'Unauthorized',
          message: 'Wrong username or password',
        }),
    });
    const { user, router } = await renderSignIn();
    await fillAndSubmit(user, 'wrong-password');

    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(fieldError(password)).toBe('Wrong username or password'));
    expect(router.state.location.pathname).toBe('/signin');
    // Typing again clears the server's error.
    await user.type(password, 'x');
    expect(fieldError(password)).toBeNull();
  });

  it('other failures show "Email or password are incorrect" on the password field', async () => {
    stubFetch({
      'GET /api/auth/options': () => jsonResponse(publicOptions),
      'POST /api/auth/login': () => errorResponse(400, { code: 'validation_error', message: 'bad' }),
    });
    const { user } = await renderSignIn();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(/^Password/))).toBe('Email or password are incorrect'),
    );
  });

  it('ignores a second submit while the first is loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    const network = stubFetch({
      'GET /api/auth/options': () => jsonResponse(publicOptions),
      'POST /api/auth/login': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await renderSignIn();
    await fillAndSubmit(user);
    const form = screen.getByRole('form', { name: 'Sign in' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(network.to('/api/auth/login')).toHaveLength(1);
    answer(errorResponse(401, { message: 'Wrong username or password' }));
    expect(await screen.findByText('Wrong username or password')).toBeTruthy();
  });

  it('checks the e-mail and the password before sending', async () => {
    const network = stubFetch({ 'GET /api/auth/options': () => jsonResponse(publicOptions) });
    const { user } = await renderSignIn();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(network.to('/api/auth/login')).toHaveLength(0);
  });

  it('links to sign-up and forgot password; Google only with a client id', async () => {
    stubFetch({ 'GET /api/auth/options': () => jsonResponse(publicOptions) });
    const first = await renderSignIn();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect((await screen.findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    first.unmount();

    stubFetch({
      'GET /api/auth/options': () =>
        jsonResponse({
          ...publicOptions,
          googleClientId: 'client.apps.googleusercontent.com',
          signupMode: 'secret',
        }),
    });
    await renderSignIn();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    // Sign-up by secret link only: no sign-up link.
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  });

  it('shows the expired-verification banner when sent back from an expired link', async () => {
    stubFetch({ 'GET /api/auth/options': () => jsonResponse(publicOptions) });
    await renderSignIn('/signin?verification=expired');
    const banner = screen.getByTestId('verification-expired-banner');
    expect(
      within(banner).getByText(
        'Your verification link has expired. Please sign in again to receive a new one.',
      ),
    ).toBeTruthy();
  });
});
