import type { AssetPerformanceSummary } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/entities/asset/hooks/use-view-prefs';
import { jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, folder, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const campaigns = folder('Campaigns');
const launch = makeAsset({ name: 'Launch.mp4' });
const hero = makeAsset({ name: 'Hero.jpg', type: 'IMAGE' });
const brief = makeAsset({ name: 'Brief.pdf', type: 'DOCUMENT' });
const SUMMARY = `${BRAND_PATH}/assets/performance-summary`;

function setup(answer: AssetPerformanceSummary[]) {
  const network = signIn({
    routes: {
      ...libraryRoutes([campaigns, launch, hero, brief]),
      [`GET ${SUMMARY}`]: () => jsonResponse(answer),
    },
  });
  return { ...renderApp('/library/assets'), network };
}

describe('library cards: the ad performance badge', () => {
  it('shows the spend and ROAS of the ads using a file, asked once for the page’s files', {
    // The first test pays for loading the page's code: on a busy machine that alone takes seconds.
    timeout: 20_000,
  }, async () => {
    const { network } = setup([
      { assetId: launch.id, spend: 1234.56, roas: 2.44, ads: 3 },
      // Used by an ad that spent nothing last month: no badge.
      { assetId: hero.id, spend: 0, roas: null, ads: 1 },
    ]);
    const card = await screen.findByRole('article', { name: 'Launch.mp4' }, { timeout: 10_000 });
    expect((await within(card).findByTestId('performance-badge')).textContent).toBe('$1.2K · 2.4 ROAS');
    expect(
      within(screen.getByRole('article', { name: 'Hero.jpg' })).queryByTestId('performance-badge'),
    ).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Brief.pdf' })).queryByTestId('performance-badge'),
    ).toBeNull();
    // Files only, one call.
    const calls = network.to(SUMMARY);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.searchParams.getAll('ids')).toEqual([launch.id, hero.id, brief.id]);
  });

  it('asks nothing and shows no badge with the cards’ details off', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.gridSettings('asset'),
      JSON.stringify({ size: 'medium', thumbnail: 'default', showAssetDetails: false }),
    );
    try {
      const { network } = setup([{ assetId: launch.id, spend: 1234.56, roas: 2.44, ads: 3 }]);
      await screen.findByRole('article', { name: 'Launch.mp4' }, { timeout: 10_000 });
      await waitFor(() => expect(network.to(`${BRAND_PATH}/assets`)).toHaveLength(1));
      expect(network.to(SUMMARY)).toEqual([]);
      expect(screen.queryByTestId('performance-badge')).toBeNull();
    } finally {
      window.localStorage.removeItem(STORAGE_KEYS.gridSettings('asset'));
    }
  });
});
