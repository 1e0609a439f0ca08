import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { makeBrand, makeProfile, signIn } from '@/test/identity';
import { renderRoutes } from '@/test/render';
import { routes } from '../router';

const acme = makeBrand({ id: 'b-acme', name: 'Acme' });
const globex = makeBrand({ id: 'b-globex', name: 'Globex', accountId: 'acc-globex' });
const freebie = makeBrand({ id: 'b-freebie', name: 'Freebie', accountId: 'acc-free-1', isFree: true });
const gratis = makeBrand({ id: 'b-gratis', name: 'Gratis', accountId: 'acc-free-2', isFree: true });
const hidden = makeBrand({ id: 'b-far', name: 'Gratis Far Away', accountId: 'acc-free-3', isFree: true });

/** What a screen reader reads for each option (the decorative avatar is hidden). */
function optionNames(container: HTMLElement) {
  return within(container)
    .getAllByRole('option')
    .map((option) => {
      const copy = option.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent;
    });
}

describe('brand switcher', () => {
  it('a super user sees free-tier brands in their own group and can search every brand', async () => {
    const network = signIn({
      brands: [acme, freebie, globex, gratis],
      profile: makeProfile({ isSuperUser: true }),
      routes: {
        'GET /api/brands': (request) => {
          const q = request.url.searchParams.get('q');
          const list = q ? [gratis, hidden] : [acme, freebie, globex, gratis];
          return jsonResponse(list, { headers: { 'x-total-count': String(list.length) } });
        },
        'GET /api/users': () => jsonResponse([]),
      },
    });
    const { user, router } = renderRoutes(routes, {
      initialEntries: ['/settings/team-members?brandId=b-acme&accountId=acc-own'],
    });
    await user.click(await screen.findByRole('button', { name: /^Switch brand/ }));

    const dropdown = await screen.findByTestId('brand-switcher-dropdown');
    const brandsGroup = within(dropdown).getByText('Brands').parentElement as HTMLElement;
    const freeGroup = within(dropdown).getByText('Free-tier brands').parentElement as HTMLElement;
    expect(optionNames(brandsGroup)).toEqual(['Acme', 'Globex']);
    expect(optionNames(freeGroup)).toEqual(['Freebie', 'Gratis']);

    await user.type(within(dropdown).getByRole('textbox', { name: 'Search brands' }), 'gratis');
    await waitFor(() =>
      expect(network.to('/api/brands').some((r) => r.url.searchParams.get('q') === 'gratis')).toBe(true),
    );
    await waitFor(() => expect(optionNames(dropdown)).toEqual(['Gratis', 'Gratis Far Away']));
    expect(within(dropdown).queryByText('Brands')).toBeNull();

    // A brand found by the search beyond the list can be opened; the page stays.
    await user.click(within(dropdown).getByRole('option', { name: 'Gratis Far Away' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('brandId')).toBe('b-far'),
    );
    expect(router.state.location.pathname).toBe('/settings/team-members');
    expect(new URLSearchParams(router.state.location.search).get('accountId')).toBe('acc-free-3');
    expect((await screen.findByTestId('active-brand-name')).textContent).toBe('Gratis Far Away');
  });

  it('other users see one list without groups or search; switching keeps the page', async () => {
    signIn({ brands: [acme, globex], routes: { 'GET /api/users': () => jsonResponse([]) } });
    const { user, router } = renderRoutes(routes, { initialEntries: ['/settings/team-members'] });
    await user.click(await screen.findByRole('button', { name: /^Switch brand/ }));
    const dropdown = await screen.findByTestId('brand-switcher-dropdown');
    expect(optionNames(dropdown)).toEqual(['Acme', 'Globex']);
    expect(within(dropdown).queryByRole('textbox')).toBeNull();
    expect(within(dropdown).queryByText('Free-tier brands')).toBeNull();

    await user.click(within(dropdown).getByRole('option', { name: 'Globex' }));
    await waitFor(() => expect(screen.getByTestId('active-brand-name').textContent).toBe('Globex'));
    expect(router.state.location.pathname).toBe('/settings/team-members');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('brandId')).toBe('b-globex');
    expect(query.get('accountId')).toBe('acc-globex');
  });

  it('a user with one brand sees it without a switcher', async () => {
    signIn({ brands: [acme] });
    renderRoutes(routes, { initialEntries: ['/'] });
    expect((await screen.findByTestId('active-brand')).textContent).toContain('Acme');
    expect(screen.queryByRole('button', { name: /^Switch brand/ })).toBeNull();
  });
});
