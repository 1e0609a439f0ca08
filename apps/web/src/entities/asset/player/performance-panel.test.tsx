import type { AnalyticsFigures, Asset, AssetPerformance } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const figures = (values: Partial<AnalyticsFigures>): AnalyticsFigures => ({
  spend: 0,
  impressions: 0,
  clicks: 0,
  views: 0,
  conversions: 0,
  conversionValue: 0,
  roas: null,
  cpa: null,
  cpc: null,
  cpm: null,
  ctr: null,
  outboundClicksCtrPercentage: null,
  conversionPercentage: null,
  thumbstopPercentage: null,
  thumbnailPercentage: null,
  avgWatchTimeSeconds: null,
  avgWatchTimePercentage: null,
  actions: {},
  ...values,
});

const answer = (
  asset: Asset,
  preset: string,
  overrides: Partial<AssetPerformance> = {},
): AssetPerformance => ({
  assetId: asset.id,
  analyticsPreset: preset,
  window: { from: '2026-10-01', to: '2026-10-31' },
  totals: figures({ spend: 1200, roas: 2.9167, cpa: 12, ctr: 1.8333, thumbstopPercentage: 26.6667 }),
  previous: figures({ spend: 600, roas: 3.5, cpa: 10, ctr: 1.8333, thumbstopPercentage: 20 }),
  ads: [
    {
      id: '00000000-0000-4000-8000-0000000ad001',
      name: 'Launch cut A',
      effectiveStatus: 'ACTIVE',
      spend: 1000,
      roas: 3.5,
      method: 'META_ID',
      distance: null,
    },
    {
      id: '00000000-0000-4000-8000-0000000ad002',
      name: 'Launch cut B',
      effectiveStatus: 'ADSET_PAUSED',
      spend: 200,
      roas: 0,
      method: 'FINGERPRINT',
      distance: 4,
    },
  ],
  ...overrides,
});

function openPerformance(asset: Asset, handler: FetchHandler, tab = 'performance') {
  const network = signIn({
    routes: { ...libraryRoutes([asset]), [`GET ${BRAND_PATH}/assets/${asset.id}/performance`]: handler },
  });
  return { ...renderApp(`/library/assets/root/${asset.id}/${tab}`), network };
}

describe('player: the performance tab', () => {
  it('shows the totals with their change against the period before, and the ads using the file', async () => {
    const video = makeAsset({ name: 'Launch.mp4', type: 'VIDEO' });
    const { network, user } = openPerformance(video, (request) =>
      jsonResponse(answer(video, request.url.searchParams.get('analyticsPreset') ?? '')),
    );
    const totals = await screen.findByRole(
      'group',
      { name: 'Totals of the ads using this file' },
      { timeout: 10_000 },
    );
    expect(screen.getByRole('tab', { name: 'Ads', selected: true })).toBeTruthy();
    expect(
      within(totals)
        .getAllByTestId('performance-tile')
        .map((tile) => tile.textContent),
    ).toEqual(['Spend$1,200100%', 'ROAS2.9217%', 'CPA$12.0020%', 'CTR1.8%', 'Thumbstop rate26.7%33%']);
    // Spend up is good, ROAS down is bad, CPA up is bad (less is better); an unchanged CTR has no arrow.
    expect(within(totals).getByLabelText('Up 100% vs the previous period')).toBeTruthy();
    expect(within(totals).getByLabelText('Down 17% vs the previous period')).toBeTruthy();
    expect(within(totals).getByLabelText('Up 20% vs the previous period')).toBeTruthy();
    const ads = screen.getAllByTestId('performance-ad');
    expect(ads.map((ad) => ad.textContent)).toEqual([
      'Launch cut AActiveSpend $1,000 · ROAS 3.50 · Meta video id',
      'Launch cut BAdset pausedSpend $200 · ROAS 0.00 · Look-alike',
    ]);
    expect(within(ads[1]!).getByTitle('4 of 64 bits differ')).toBeTruthy();
    expect(
      network.to(`${BRAND_PATH}/assets/${video.id}/performance`)[0]?.url.searchParams.get('analyticsPreset'),
    ).toBe('LAST_MONTH');
    // Another preset asks again.
    await user.selectOptions(screen.getByLabelText('Date range'), 'All time');
    await waitFor(() =>
      expect(
        network
          .to(`${BRAND_PATH}/assets/${video.id}/performance`)
          .map((r) => r.url.searchParams.get('analyticsPreset')),
      ).toEqual(['LAST_MONTH', 'ALL_TIME']),
    );
  });

  it('says so when no ad uses the file', async () => {
    const picture = makeAsset({ name: 'Hero.jpg', type: 'IMAGE' });
    openPerformance(picture, () =>
      jsonResponse(answer(picture, 'LAST_MONTH', { ads: [], totals: figures({}), previous: figures({}) })),
    );
    const empty = await screen.findByTestId('performance-empty', {}, { timeout: 10_000 });
    expect(empty.textContent).toContain('No ad uses this file yet');
    expect(screen.queryByTestId('performance-tile')).toBeNull();
  });

  it('is no tab of a document: the address falls back to overview', async () => {
    const doc = makeAsset({ name: 'Brief.pdf', type: 'DOCUMENT' });
    const { router, network } = openPerformance(doc, () => jsonResponse({}));
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/library/assets/root/${doc.id}/overview`),
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('tab', { name: 'Ads' })).toBeNull();
    expect(network.to(`${BRAND_PATH}/assets/${doc.id}/performance`)).toEqual([]);
  });
});
