import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/session';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { acme, healthyStatus, makeProfile } from '@/test/identity';
import { renderApp } from '@/test/render';

const signedInApi = {
  'GET /api/brands': () => jsonResponse([acme], { headers: { 'x-total-count': '1' } }),
  'GET /api/profile': () => jsonResponse(makeProfile()),
  'GET /api/health': () => jsonResponse(healthyStatus),
};

describe.each([
  {
    page: '/reset-password',
    endpoint: '/api/auth/reset-password',
    submit: 'Set password and sign in',
    passwordLabel: /^New password/,
    body: { email: 'ana@acme.test', token: 't0k', newPassword: 'secret1' },
  },
  {
    page: '/invitation',
    endpoint: '/api/auth/accept-invitation',
    submit: 'Accept invitation',
    passwordLabel: /^Password/,
    body: { email: 'ana@acme.test', token: 't0k', password: 'secret1' },
  },
])('$page', ({ page, endpoint, submit, passwordLabel, body }) => {
  it.each(['', '?email=ana%40acme.test', '?token=t0k'])(
    'a link without e-mail or token (%s) is invalid',
    async (query) => {
      renderApp(`${page}${query}`);
      expect(await screen.findByRole('heading', { name: 'Invitation Link Is Invalid' })).toBeTruthy();
      expect(screen.getByText('Please check your email and verify your link')).toBeTruthy();
    },
  );

  it('shows the e-mail read-only and submits once the password has 6 characters; success signs in', async () => {
    const network = stubFetch({
      [`POST ${endpoint}`]: () => jsonResponse({ access_token: 'tok-new' }),
      ...signedInApi,
    });
    const { user, router } = renderApp(`${page}?email=ana%40acme.test&token=t0k`);
    const email = (await screen.findByLabelText(/^Email/)) as HTMLInputElement;
    expect(email.value).toBe('ana@acme.test');
    expect(email.readOnly).toBe(true);

    const button = screen.getByRole('button', { name: submit }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText(passwordLabel), 'secre');
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText(passwordLabel), 't1');
    expect(button.disabled).toBe(false);
    await user.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(network.to(endpoint)[0]?.body).toEqual(body);
    expect(getAccessToken()).toBe('tok-new');
  });

  it('a 400 shows the expired-link page', async () => {
    stubFetch({
      [`POST ${endpoint}`]: () =>
        errorResponse(400, { code: 'bad_request', message: 'The link has expired' }),
    });
    const { user } = renderApp(`${page}?email=ana%40acme.test&token=t0k`);
    await user.type(await screen.findByLabelText(passwordLabel), 'secret1');
    await user.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByRole('heading', { name: 'Your link has expired' })).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });
});

describe('forgot password', () => {
  it('submits only a valid e-mail, then shows check-your-inbox with the e-mail', async () => {
    const network = stubFetch({
      'POST /api/auth/forgot-password': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/forgot-password');
    const button = (await screen.findByRole('button', { name: 'Send reset link' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Email/), 'ana@acme');
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Email/), '.test');
    expect(button.disabled).toBe(false);
    await user.click(button);

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('We sent a link to reset your password to ana@acme.test.')).toBeTruthy();
    expect(network.to('/api/auth/forgot-password')[0]?.body).toEqual({ email: 'ana@acme.test' });
  });
});

describe('e-mail verification', () => {
  it('verifies on arrival and signs in', async () => {
    const network = stubFetch({
      'POST /api/auth/verify-email': () => jsonResponse({ access_token: 'tok-verified' }),
      ...signedInApi,
    });
    const { router } = renderApp('/email-verification?token=v-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(network.to('/api/auth/verify-email')).toHaveLength(1);
    expect(network.to('/api/auth/verify-email')[0]?.body).toEqual({ token: 'v-1' });
    expect(getAccessToken()).toBe('tok-verified');
  });

  it('an expired link (401) goes to sign-in with the expired banner', async () => {
    stubFetch({
      'GET /api/auth/options': () =>
        jsonResponse({ googleClientId: null, signupMode: 'public', recaptchaSiteKey: null }),
      'POST /api/auth/verify-email': () => errorResponse(401, { code: 'unauthorized', message: 'Expired' }),
    });
    const { router } = renderApp('/email-verification?token=old');
    expect(
      await screen.findByText(
        'Your verification link has expired. Please sign in again to receive a new one.',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('any other error says the link is invalid', async () => {
    stubFetch({
      'POST /api/auth/verify-email': () =>
        errorResponse(404, { code: 'not_found', message: 'Unknown token' }),
    });
    renderApp('/email-verification?token=nope');
    expect(
      await screen.findByRole('heading', { name: "We're sorry, but your verification link is invalid." }),
    ).toBeTruthy();
  });

  it('opened outside the browser that signed up (409), it asks for the password and sends it with the token', async () => {
    const network = stubFetch({
      'POST /api/auth/verify-email': (request) =>
        (request.body as { password?: string }).password
          ? jsonResponse({ access_token: 'tok-owner' })
          : errorResponse(409, {
              code: 'conflict',
              message: 'Choose a password to finish verifying your e-mail',
            }),
      ...signedInApi,
    });
    const { user, router } = renderApp('/email-verification?token=v-2');
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    expect(getAccessToken()).toBeNull();
    const button = screen.getByRole('button', { name: 'Verify and sign in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Password/), 'owner1');
    expect(button.disabled).toBe(false);
    await user.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(network.to('/api/auth/verify-email').map((call) => call.body)).toEqual([
      { token: 'v-2' },
      { token: 'v-2', password: 'owner1' },
    ]);
    expect(getAccessToken()).toBe('tok-owner');
  });
});
