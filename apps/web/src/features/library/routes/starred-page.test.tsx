import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

function setup(favorites: ReturnType<typeof makeAsset>[]) {
  const network = signIn({
    routes: {
      [`GET ${BRAND_PATH}/library/favorites`]: () =>
        jsonResponse(favorites, { headers: { 'x-total-count': String(favorites.length) } }),
    },
  });
  return { ...renderApp('/starred'), network };
}

describe('starred page', () => {
  it('shows the empty state when nothing is starred', async () => {
    setup([]);
    expect(await screen.findByTestId('starred-empty', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Nothing starred yet.')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Starred');
    expect(screen.getByTestId('starred-count').textContent).toBe('0 items');
  });

  it('lists the favorites with the count in the title, without bulk actions', async () => {
    const { network } = setup([
      makeAsset({ name: 'Hero.mp4', isFavorite: true }),
      makeAsset({ name: 'Logo.png', type: 'IMAGE', isFavorite: true }),
    ]);
    expect(await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId('starred-count').textContent).toBe('2 items');
    expect(within(screen.getByRole('article', { name: 'Logo.png' })).queryByRole('checkbox')).toBeNull();
    const [request] = network.to(`${BRAND_PATH}/library/favorites`);
    expect(request?.url.searchParams.get('limit')).toBe('25');
  });
});
