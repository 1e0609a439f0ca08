import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/session';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { fieldError } from '@/test/form';
import { acme, makeBrand, OWN_ACCOUNT_ID, signIn } from '@/test/identity';
import { renderRoutes } from '@/test/render';
import { routes } from '../router';

const options = () => jsonResponse({ googleClientId: null, signupMode: 'public', recaptchaSiteKey: null });

function query(router: ReturnType<typeof renderRoutes>['router']) {
  return new URLSearchParams(router.state.location.search);
}

describe('pages that need sign-in', () => {
  it('send a visitor without a session to sign-in with the page as next', async () => {
    stubFetch({ 'GET /api/auth/options': options });
    const { router } = renderRoutes(routes, { initialEntries: ['/settings/brand?brandId=b1&accountId=a1'] });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(query(router).get('next')).toBe('/settings/brand?brandId=b1&accountId=a1');
  });

  it('send a visitor with an invite id to invite sign-up, keeping it', async () => {
    stubFetch({
      'GET /api/auth/options': options,
      'GET /api/invitations/inv-9': () => jsonResponse({ email: 'sam@acme.test', invitedByUserName: 'Ana' }),
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/settings?inviteId=inv-9'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite-signup'));
    expect(query(router).get('inviteId')).toBe('inv-9');
    expect(((await screen.findByLabelText(/^Email/)) as HTMLInputElement).value).toBe('sam@acme.test');
  });

  it('with no brands, go to the general error page', async () => {
    signIn({ brands: [] });
    const { router } = renderRoutes(routes, { initialEntries: ['/'] });
    expect(await screen.findByTestId('general-error-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/general-error');
  });

  it('a 404 while loading the brands signs out', async () => {
    const network = signIn({
      routes: {
        'GET /api/brands': () => errorResponse(404, { code: 'not_found', message: 'Not found' }),
        'POST /api/auth/logout': () => new Response(null, { status: 204 }),
        'GET /api/auth/options': options,
      },
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/settings'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(network.to('/api/auth/logout')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  it("other failures show 'Failed to load brands' with a retry", async () => {
    let fail = true;
    const network = signIn({
      routes: {
        'GET /api/brands': () =>
          fail
            ? errorResponse(500, { code: 'internal_error', message: 'boom' })
            : jsonResponse([acme], { headers: { 'x-total-count': '1' } }),
      },
    });
    const { user } = renderRoutes(routes, { initialEntries: ['/'] });
    expect(await screen.findByRole('heading', { name: 'Failed to load brands' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('library-page')).toBeTruthy();
    expect(network.to('/api/brands')).toHaveLength(2);
  });

  it('write the active brand into the URL: the first brand of the own account', async () => {
    signIn({
      brands: [
        makeBrand({ id: 'b-other', name: 'Aardvark', accountId: 'acc-other' }),
        makeBrand({ id: 'b-own', name: 'Zebra' }),
      ],
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/settings/team-members'] });
    await waitFor(() => expect(query(router).get('brandId')).toBe('b-own'));
    expect(query(router).get('accountId')).toBe(OWN_ACCOUNT_ID);
    expect((await screen.findByTestId('active-brand-name')).textContent).toBe('Zebra');
  });

  it('the brandId query selects the brand', async () => {
    const network = signIn({
      brands: [
        makeBrand({ id: 'b-own', name: 'Acme' }),
        makeBrand({ id: 'b-2', name: 'Globex', accountId: 'acc-2' }),
      ],
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/?brandId=b-2'] });
    expect((await screen.findByTestId('active-brand-name')).textContent).toBe('Globex');
    expect(query(router).get('accountId')).toBe('acc-2');
    // The profile is asked for the active brand's account.
    await waitFor(() =>
      expect(network.to('/api/profile').some((r) => r.url.searchParams.get('accountId') === 'acc-2')).toBe(
        true,
      ),
    );
  });

  it('a brand that has not completed onboarding goes to /onboarding, then home', async () => {
    let onboarded = false;
    const network = signIn({
      brands: [makeBrand({ id: 'b-new', name: 'Ne', onboardingCompleted: false, industryId: null })],
      routes: {
        // The server answers the completed brand once onboarding is done (pages read the list again).
        'GET /api/brands': () =>
          jsonResponse(
            [makeBrand({ id: 'b-new', name: onboarded ? 'Nebula' : 'Ne', onboardingCompleted: onboarded })],
            {
              headers: { 'x-total-count': '1' },
            },
          ),
        'GET /api/industries': () =>
          jsonResponse([
            { id: 1, name: 'Beauty' },
            { id: 2, name: 'Fashion' },
          ]),
        'POST /api/brands/b-new/onboarding': () => {
          onboarded = true;
          return jsonResponse(makeBrand({ id: 'b-new', name: 'Nebula', onboardingCompleted: true }));
        },
      },
    });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/settings'] });
    expect(await screen.findByRole('heading', { name: 'Tell us about your company' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(query(router).get('brandId')).toBe('b-new');

    const company = screen.getByLabelText(/^Company name/);
    const website = screen.getByLabelText(/^Website/);
    await user.click(company);
    await user.click(website);
    expect(fieldError(company)).toBe('Name must be between 3 and 30 characters');
    await user.clear(website);
    await user.type(website, 'not a url');
    await user.click(company);
    expect(fieldError(website)).toBe('Please enter a valid URL');

    await user.type(company, 'bula');
    await user.clear(website);
    await user.type(website, 'https://nebula.test');
    await user.click(screen.getByLabelText(/^Industry/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Fashion' }));
    await user.click(screen.getByRole('button', { name: 'Get started' }));

    expect(await screen.findByTestId('library-page', {}, { timeout: 3000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/library/assets');
    expect(network.to('/api/brands/b-new/onboarding')[0]?.body).toEqual({
      companyName: 'Nebula',
      industryId: 2,
      website: 'https://nebula.test',
    });
  });
});

describe('sign-in pages for a signed-in user', () => {
  it('go to next with from=sign-in', async () => {
    signIn();
    const { router } = renderRoutes(routes, { initialEntries: ['/signin?next=%2Fsettings%2Fbrand'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/brand'));
    expect(query(router).get('from')).toBe('sign-in');
  });

  it('go home without next, and never to another site', async () => {
    signIn();
    const first = renderRoutes(routes, { initialEntries: ['/signup'] });
    expect(await screen.findByTestId('library-page')).toBeTruthy();
    expect(first.router.state.location.pathname).toBe('/library/assets');
    first.unmount();

    const second = renderRoutes(routes, { initialEntries: ['/signin?next=%2F%2Fevil.test'] });
    expect(await screen.findByTestId('library-page')).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/library/assets');
  });
});

describe('sign out', () => {
  it('calls the API, forgets the token and goes to plain sign-in', async () => {
    const network = signIn({
      routes: {
        'POST /api/auth/logout': () => new Response(null, { status: 204 }),
        'GET /api/auth/options': options,
      },
    });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/settings/team-members'] });
    await user.click(await screen.findByRole('button', { name: /^Profile menu/ }));
    // The menu's code loads on first use (components/action-menu.tsx): wait for its items.
    expect((await screen.findByRole('menuitem', { name: 'Settings' })).getAttribute('href')).toBe(
      `/settings?accountId=${OWN_ACCOUNT_ID}&brandId=brand-acme`,
    );
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('');
    expect(network.to('/api/auth/logout')).toHaveLength(1);
    expect(network.to('/api/auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(getAccessToken()).toBeNull();
    expect(document.cookie).not.toContain('access_token=test-token');
  });

  it('a 401 from the API signs out and keeps the page as next', async () => {
    signIn({
      routes: {
        'GET /api/users': () => errorResponse(401, { code: 'unauthorized', message: 'Expired' }),
        'GET /api/auth/options': options,
      },
    });
    const { router } = renderRoutes(routes, { initialEntries: ['/settings/team-members'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(query(router).get('next')).toContain('/settings/team-members');
    expect(getAccessToken()).toBeNull();
  });
});
