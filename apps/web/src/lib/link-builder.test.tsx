import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBack } from '@/hooks/use-back';
import { renderRoutes } from '@/test/render';
import { buildLink } from './link-builder';

describe('link builder', () => {
  it('fills accountId and brandId from the current location and keeps a share token', () => {
    const current = '?accountId=a1&brandId=b1&shareToken=s1&tab=comments';
    expect(buildLink('/boards', {}, current)).toBe('/boards?accountId=a1&brandId=b1&shareToken=s1');
    expect(buildLink('/boards', { brandId: 'b2', sort: 'name' }, current)).toBe(
      '/boards?accountId=a1&brandId=b2&sort=name&shareToken=s1',
    );
    expect(buildLink('/boards', { shareToken: null }, current)).toBe('/boards?accountId=a1&brandId=b1');
    expect(buildLink('/boards', {}, '')).toBe('/boards');
    expect(buildLink('/boards', { ids: ['x', 'y'] }, '?accountId=a1')).toBe(
      '/boards?accountId=a1&ids=x&ids=y',
    );
  });
});

function Detail() {
  const back = useBack('/boards');
  return (
    <div>
      <h1>Board detail</h1>
      <button type="button" onClick={back}>
        Back
      </button>
    </div>
  );
}

const routes = [
  { path: '/', element: <h1>Home</h1> },
  { path: '/boards', element: <h1>All boards</h1> },
  { path: '/search', element: <h1>Search</h1> },
  { path: '/boards/:id', element: <Detail /> },
];

describe('back helper', () => {
  it('goes one step back when there is history', async () => {
    const { user, router } = renderRoutes(routes, { initialEntries: ['/search'] });
    await router.navigate('/boards/1');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy();
  });

  it('goes to the fallback when the visit starts on this page', async () => {
    const { user } = renderRoutes(routes, { initialEntries: ['/boards/1?accountId=a1&brandId=b1'] });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'All boards' })).toBeTruthy();
  });

  it('goes to the fallback when the user came from sign-in', async () => {
    const { user, router } = renderRoutes(routes, { initialEntries: ['/search'] });
    await router.navigate('/boards/1?from=sign-in&accountId=a1');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'All boards' })).toBeTruthy();
    expect(router.state.location.search).toBe('?accountId=a1');
  });
});
