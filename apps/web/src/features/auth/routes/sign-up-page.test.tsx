import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/session';
import { errorResponse, type FetchHandler, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { fieldError } from '@/test/form';
import { acme, healthyStatus, makeProfile } from '@/test/identity';
import { renderApp } from '@/test/render';

const options =
  (signupMode: 'public' | 'secret' = 'public'): FetchHandler =>
  () =>
    jsonResponse({ googleClientId: null, signupMode, recaptchaSiteKey: null });

async function renderSignUp(entry = '/signup') {
  const rendered = renderApp(entry);
  await screen.findByRole('heading', { name: 'Create your account' });
  return rendered;
}

type User = Awaited<ReturnType<typeof renderSignUp>>['user'];

async function continueWith(user: User, email: string) {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('button', { name: 'Create account' });
}

async function fillDetails(user: User) {
  await user.type(screen.getByLabelText(/^Full name/), 'Ana Lopez');
  await user.type(screen.getByLabelText(/^Password/), 'secret1');
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret1');
}

describe('sign-up', () => {
  it('step 1: Continue is enabled only for a valid e-mail of more than 5 characters', async () => {
    stubFetch({ 'GET /api/auth/options': options() });
    const { user } = await renderSignUp();
    const email = screen.getByLabelText(/^Email/);
    const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

    expect(continueButton().disabled).toBe(true);
    await user.type(email, 'ana@acme');
    expect(continueButton().disabled).toBe(true);
    await user.clear(email);
    await user.type(email, 'a@b.c');
    expect(continueButton().disabled).toBe(true);
    await user.type(email, 'om');
    expect(continueButton().disabled).toBe(false);
    // Only the e-mail on the first step.
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('step 2 validates full name, password and confirmation when a field is left', async () => {
    stubFetch({ 'GET /api/auth/options': options() });
    const { user } = await renderSignUp();
    await continueWith(user, 'ana@acme.test');
    expect(screen.getByTestId('sign-up-email').textContent).toBe('ana@acme.test');

    const fullName = screen.getByLabelText(/^Full name/);
    const password = screen.getByLabelText(/^Password/);
    const confirm = screen.getByLabelText(/^Confirm password/);

    await user.click(fullName);
    expect(fieldError(fullName)).toBeNull();
    await user.click(password);
    expect(fieldError(fullName)).toBe('Full name is required');

    await user.type(password, '123');
    expect(fieldError(password)).toBeNull();
    await user.click(confirm);
    expect(fieldError(password)).toBe('Password too short (min 6).');
    await user.clear(password);
    expect(fieldError(password)).toBe('Password is required');
    await user.type(password, '123456');
    expect(fieldError(password)).toBeNull();

    await user.click(confirm);
    await user.type(confirm, '654321');
    await user.click(fullName);
    expect(fieldError(confirm)).toBe('Passwords must match');
  });

  it('without an invite, success asks to verify the e-mail', async () => {
    const network = stubFetch({
      'GET /api/auth/options': options(),
      'POST /api/registration/signup': () => jsonResponse({ verificationRequired: true }),
    });
    const { user } = await renderSignUp();
    await continueWith(user, 'ana@acme.test');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(
      screen.getByText('We sent a verification link to ana@acme.test. Open it to activate your account.'),
    ).toBeTruthy();
    expect(network.to('/api/registration/signup')[0]?.body).toEqual({
      email: 'ana@acme.test',
      fullName: 'Ana Lopez',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(network.to('/api/registration/signup')[0]?.headers.get('recaptcha-token')).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('a failure stops the spinner and shows the error', async () => {
    stubFetch({
      'GET /api/auth/options': options(),
      'POST /api/registration/signup': () =>
        errorResponse(409, {
          code: 'conflict',
          title: 'Conflict',
          message: 'This e-mail already has an account',
        }),
    });
    const { user } = await renderSignUp();
    await continueWith(user, 'ana@acme.test');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const error = await screen.findByTestId('sign-up-error');
    expect(error.textContent).toContain('Something went wrong');
    expect(error.textContent).toContain('This e-mail already has an account');
    const button = screen.getByRole('button', { name: 'Create account' });
    expect(button.getAttribute('data-loading')).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('is closed when sign-up is by secret link only; /secret-signup sends the code', async () => {
    stubFetch({ 'GET /api/auth/options': options('secret') });
    const first = renderApp('/signup');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/signin'));
    first.unmount();

    const network = stubFetch({
      'GET /api/auth/options': options('secret'),
      'POST /api/registration/signup': () => jsonResponse({ verificationRequired: true }),
    });
    const { user } = await renderSignUp('/secret-signup?code=early-bird');
    await continueWith(user, 'ana@acme.test');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(network.to('/api/registration/signup')[0]?.body).toMatchObject({ signupCode: 'early-bird' });
  });
});

describe('invite sign-up', () => {
  it('pre-fills and locks the invited e-mail, then signs in and goes home', async () => {
    const network = stubFetch({
      'GET /api/auth/options': options('secret'),
      'GET /api/invitations/0193a0c4-5b6e-7c8d-9e0f-a1b2c3d4e5f6': () =>
        jsonResponse({ email: 'sam@acme.test', invitedByUserName: 'Ana Lopez' }),
      'POST /api/registration/signup': () =>
        jsonResponse({ verificationRequired: false, access_token: 'tok-sam' }),
      'GET /api/brands': () => jsonResponse([acme], { headers: { 'x-total-count': '1' } }),
      'GET /api/profile': () => jsonResponse(makeProfile({ email: 'sam@acme.test' })),
      'GET /api/health': () => jsonResponse(healthyStatus),
    });
    const { user, router } = await renderSignUp(
      '/invite-signup?inviteId=0193a0c4-5b6e-7c8d-9e0f-a1b2c3d4e5f6',
    );

    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('sam@acme.test');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('Ana Lopez invited you to join Hookline.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getAccessToken()).toBe('tok-sam');
    expect(network.to('/api/registration/signup')[0]?.body).toMatchObject({
      email: 'sam@acme.test',
      inviteId: '0193a0c4-5b6e-7c8d-9e0f-a1b2c3d4e5f6',
    });
    expect(await screen.findByTestId('library-page')).toBeTruthy();
  });

  it('an invite that does not load sends to sign-in', async () => {
    stubFetch({
      'GET /api/auth/options': options(),
      'GET /api/invitations/gone': () => errorResponse(404, { code: 'not_found', message: 'Not found' }),
    });
    const { router } = renderApp('/invite-signup?inviteId=gone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});
