import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMeta } from '@/entities/integration/test/fixtures';
import { adPath, INTEGRATIONS_PATH, LIST_PATH, list, makeAd } from '@/test/analytics';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

function setup(entry: string, handler: FetchHandler, routes: Record<string, FetchHandler> = {}) {
  const network = signIn({
    routes: {
      [`GET ${LIST_PATH}`]: handler,
      ...libraryRoutes([]),
      ...routes,
    },
  });
  return { ...renderApp(entry), network };
}

const listRequests = (network: ReturnType<typeof setup>['network']) => network.to(LIST_PATH);
const lastQuery = (network: ReturnType<typeof setup>['network']) =>
  listRequests(network).at(-1)?.url.searchParams;
const stateOf = (search: string) => JSON.parse(new URLSearchParams(search).get('state') ?? '{}');
const rows = () => screen.findAllByTestId('analytics-row', {}, { timeout: 8000 });

// The page's chunk is transformed on first use: generous timeouts on a busy 2-core machine.
describe('creative analytics page', { timeout: 30_000 }, () => {
  it('is in the sidebar and lists the ads with their formats, badges, deltas and count', async () => {
    const ads = [
      makeAd(
        { name: 'Hook test — UGC', effectiveStatus: 'ACTIVE' },
        {},
        { spend: 1000, roas: 2, cpa: 35, ctr: 1.534 },
      ),
      makeAd(
        { name: 'Paused one', effectiveStatus: 'CAMPAIGN_PAUSED', posterUrl: null },
        {
          roas: null,
          cpa: null,
          conversions: 0,
          avgWatchTimeSeconds: null,
        },
      ),
      makeAd({ name: 'Gone', effectiveStatus: 'DISAPPROVED' }),
      makeAd({ name: 'Waiting', effectiveStatus: 'PENDING_REVIEW' }),
      makeAd({ name: 'Odd', effectiveStatus: null }),
    ];
    // The first ad is scored (hook good, hold fair, click poor, convert N/A); the second is not.
    (ads[0]?.analyticsPresets.THIRTY_DAYS as { scores: object }).scores = {
      hook: 82,
      hold: 55,
      click: 12,
      convert: null,
    };
    const { network, router, user } = setup('/starred', (request) =>
      request.url.searchParams.get('offset') === '0' ? list(ads, 12_345) : list([], 12_345),
    );
    await user.click(await screen.findByRole('link', { name: 'Creative analytics' }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics'));
    const [first, second, third, fourth, fifth] = (await rows()) as HTMLElement[];
    expect(screen.getByTestId('page-title').textContent).toBe('Creative analytics');
    expect(screen.getByTestId('analytics-count').textContent).toBe('12,345 ads');

    const one = within(first as HTMLElement);
    expect(one.getByTestId('ad-name').textContent).toBe('Hook test — UGC');
    expect(one.getByText('Spring sale › Broad US')).toBeTruthy();
    expect(one.getByTestId('ad-status').textContent).toBe('Active');
    expect(one.getByTestId('ad-status').dataset.color).toBe('green');
    expect(first?.querySelector('img')?.getAttribute('src')).toBe('/media/poster.jpg');
    expect(one.getByTestId('cell-spend').textContent).toBe('$1,235');
    expect(one.getByTestId('cell-roas').textContent).toBe('2.43');
    expect(one.getByTestId('cell-conversions').textContent).toBe('42');
    expect(one.getByTestId('cell-cpa').textContent).toBe('$29.39');
    expect(one.getByTestId('cell-conversionRate').textContent).toBe('2.8%');
    expect(one.getByTestId('cell-ctr').textContent).toBe('1.5%');
    expect(one.getByTestId('cell-avgWatchTime').textContent).toBe('6.3s');
    expect(one.getByTestId('cell-thumbstopRate').textContent).toBe('25.0%');
    // Spend and ROAS went up (better); CPA went down (better too); CTR did not change.
    expect(one.getByTestId('delta-spend').dataset.better).toBe('true');
    expect(one.getByTestId('delta-spend').getAttribute('aria-label')).toBe('Up 23.5% vs the previous period');
    expect(one.getByTestId('delta-roas').textContent).toBe('21.6%');
    expect(one.getByTestId('delta-cpa').dataset.better).toBe('true');
    expect(one.getByTestId('delta-cpa').getAttribute('aria-label')).toBe('Down 16.0% vs the previous period');
    expect(one.queryByTestId('delta-ctr')).toBeNull();
    expect(one.getByTestId('cell-hookScore').textContent).toBe('82');
    expect(one.getByTestId('cell-holdScore').textContent).toBe('55');
    expect(one.getByTestId('cell-clickScore').textContent).toBe('12');
    expect(one.getByTestId('cell-convertScore').textContent).toBe('N/A');

    const two = within(second as HTMLElement);
    expect(two.getByTestId('ad-status').textContent).toBe('Campaign paused');
    expect(two.getByTestId('ad-status').dataset.color).toBe('violet');
    expect(two.getByTestId('poster-placeholder')).toBeTruthy();
    expect(two.getByTestId('cell-roas').textContent).toBe('N/A');
    expect(two.getByTestId('cell-cpa').textContent).toBe('N/A');
    expect(two.getByTestId('cell-avgWatchTime').textContent).toBe('N/A');
    expect(two.getByTestId('cell-conversions').textContent).toBe('0');
    // No window before: no arrows.
    expect(two.queryByTestId('delta-spend')).toBeNull();
    expect(two.getByTestId('cell-hookScore').textContent).toBe('N/A');

    expect(within(third as HTMLElement).getByTestId('ad-status').dataset.color).toBe('orange');
    expect(within(fourth as HTMLElement).getByTestId('ad-status').dataset.color).toBe('gray');
    expect(within(fifth as HTMLElement).getByTestId('ad-status').textContent).toBe('Unknown');
    expect(within(fifth as HTMLElement).getByTestId('ad-status').dataset.color).toBe('gray');

    const query = listRequests(network)[0]?.url.searchParams;
    expect(query?.get('analyticsPreset')).toBe('THIRTY_DAYS');
    expect(query?.get('sort')).toBe('spend');
    expect(query?.get('order')).toBe('desc');
    expect(query?.get('limit')).toBe('40');
    expect(query?.get('offset')).toBe('0');
    expect(query?.has('keyword')).toBe(false);

    // Selection is kept (no bulk actions yet).
    await user.click(one.getByRole('checkbox', { name: 'Select Hook test — UGC' }));
    expect(screen.getByTestId('analytics-selected').textContent).toBe('1 selected');
  });

  it('sorts by a creative score from its column, best first', async () => {
    const { network, user } = setup('/analytics', () => list([makeAd()]));
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sort by Hook score' }));
    await waitFor(() => expect(lastQuery(network)?.get('sort')).toBe('hookScore'));
    expect(lastQuery(network)?.get('order')).toBe('desc');
  });

  it('sorts on the server from the header, keeps it in the address and on this device', async () => {
    const { network, router, user } = setup('/analytics', () => list([makeAd()]));
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sort by ROAS' }));
    await waitFor(() => expect(lastQuery(network)?.get('sort')).toBe('roas'));
    expect(lastQuery(network)?.get('order')).toBe('desc');
    expect(stateOf(router.state.location.search).sorting).toEqual([{ id: 'roas', desc: true }]);
    expect(JSON.parse(window.localStorage.getItem('sorting') ?? 'null')).toEqual([
      { id: 'roas', desc: true },
    ]);
    expect(
      screen.getByRole('button', { name: 'Sort by ROAS' }).closest('th')?.getAttribute('aria-sort'),
    ).toBe('descending');

    await user.click(screen.getByRole('button', { name: 'Sort by ROAS' }));
    await waitFor(() => expect(lastQuery(network)?.get('order')).toBe('asc'));
    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(lastQuery(network)?.get('sort')).toBe('name'));
    expect(lastQuery(network)?.get('order')).toBe('asc');

    // Back: the previous sorting again.
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(stateOf(router.state.location.search).sorting).toEqual([{ id: 'roas', desc: false }]),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Sort by ROAS' }).closest('th')?.getAttribute('aria-sort'),
      ).toBe('ascending'),
    );
  });

  it('reads its state from the address and ignores an invalid one', async () => {
    const state = encodeURIComponent(
      JSON.stringify({ keyword: 'ugc', sorting: [{ id: 'cpa', desc: false }], preset: 'SEVEN_DAYS' }),
    );
    const first = setup(`/analytics?state=${state}`, () => list([makeAd({}, {}, null, 'SEVEN_DAYS')]));
    await rows();
    let query = lastQuery(first.network);
    expect(query?.get('keyword')).toBe('ugc');
    expect(query?.get('sort')).toBe('cpa');
    expect(query?.get('order')).toBe('asc');
    expect(query?.get('analyticsPreset')).toBe('SEVEN_DAYS');
    expect((screen.getByTestId('analytics-keyword') as HTMLInputElement).value).toBe('ugc');
    first.unmount();

    const second = setup('/analytics?state=%7Bnot-json', () => list([makeAd()]));
    await rows();
    query = lastQuery(second.network);
    expect(query?.get('sort')).toBe('spend');
    expect(query?.get('analyticsPreset')).toBe('THIRTY_DAYS');
  });

  it('changes the preset; a custom range asks with both days', async () => {
    const { network, router, user } = setup('/analytics', (request) =>
      list([makeAd({}, {}, null, request.url.searchParams.get('analyticsPreset') ?? 'THIRTY_DAYS')]),
    );
    await rows();
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(lastQuery(network)?.get('analyticsPreset')).toBe('SEVEN_DAYS'));
    expect(stateOf(router.state.location.search).preset).toBe('SEVEN_DAYS');
    expect((await rows()).length).toBe(1);

    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(await screen.findByRole('option', { name: 'Custom range' }));
    await waitFor(() => expect(lastQuery(network)?.get('analyticsPreset')).toBe('CUSTOM'));
    expect(lastQuery(network)?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lastQuery(network)?.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } });
    await waitFor(() => expect(lastQuery(network)?.get('to')).toBe('2026-11-15'));
    expect(lastQuery(network)?.get('from')).toBe('2026-11-01');
    const asked = listRequests(network).length;
    // A cleared day: nothing is asked, the page says what is missing.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(await screen.findByTestId('analytics-range')).toBeTruthy();
    expect(listRequests(network)).toHaveLength(asked);
  });

  it('searches 500 ms after typing stops', async () => {
    const { network, router, user } = setup('/analytics', () => list([makeAd()]));
    await rows();
    const asked = listRequests(network).length;
    await user.type(screen.getByTestId('analytics-keyword'), 'hook');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(listRequests(network)).toHaveLength(asked);
    await waitFor(() => expect(lastQuery(network)?.get('keyword')).toBe('hook'));
    // One request for the whole word, not one per letter.
    expect(listRequests(network).filter((r) => r.url.searchParams.has('keyword'))).toHaveLength(1);
    expect(stateOf(router.state.location.search).keyword).toBe('hook');

    // Back: the field and the address say no keyword again, and stay so.
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByTestId('analytics-keyword') as HTMLInputElement).value).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(stateOf(router.state.location.search).keyword).toBeUndefined();
  });

  it('loads pages of 40 before the end, with skeleton rows while the first loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const all = Array.from({ length: 100 }, (_, i) => makeAd({ name: `Paged ${i + 1}` }));
    const { network } = setup('/analytics', async (request) => {
      await gate;
      const offset = Number(request.url.searchParams.get('offset'));
      return list(all.slice(offset, offset + 40), 100);
    });
    expect(await screen.findAllByTestId('analytics-row-skeleton', {}, { timeout: 8000 })).toHaveLength(20);
    release();
    await rows();
    expect(listRequests(network).map((r) => r.url.searchParams.get('offset'))).toEqual(['0']);
    // Scrolled near the end of the loaded 40: the next 40 load.
    const table = screen.getByTestId('analytics-table');
    const scroller = table.parentElement as HTMLElement;
    scroller.scrollTop = 40 * 64 - 1000;
    fireEvent.scroll(scroller);
    await waitFor(() =>
      expect(listRequests(network).map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '40']),
    );
    await waitFor(() => expect(screen.getByText('Paged 41')).toBeTruthy());
    scroller.scrollTop = 100 * 64;
    fireEvent.scroll(scroller);
    await waitFor(() =>
      expect(listRequests(network).map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '40', '80']),
    );
    await waitFor(() => expect(screen.getByText('Paged 100')).toBeTruthy());
  });

  it('says when a search finds nothing', async () => {
    const state = encodeURIComponent(JSON.stringify({ keyword: 'nothing' }));
    setup(`/analytics?state=${state}`, () => list([], 0));
    const empty = await screen.findByTestId('analytics-empty', {}, { timeout: 8000 });
    expect(empty.textContent).toContain(
      'No performance results found. Adjust your filters, date range, or try different keywords.',
    );
  });

  it('an empty window of a brand with ad data says nothing was found', async () => {
    const { network } = setup('/analytics', (request) =>
      request.url.searchParams.get('analyticsPreset') === 'ALL_TIME' ? list([makeAd()], 60) : list([], 0),
    );
    expect(await screen.findByTestId('analytics-empty', {}, { timeout: 8000 })).toBeTruthy();
    expect(listRequests(network).some((r) => r.url.searchParams.get('analyticsPreset') === 'ALL_TIME')).toBe(
      true,
    );
  });

  it('a brand without ad data links to the Meta settings and the Ads Manager import', async () => {
    const { router, user } = setup('/analytics', () => list([], 0));
    const empty = await screen.findByTestId('analytics-no-data', {}, { timeout: 8000 });
    expect(within(empty).getByText('No ad performance data yet')).toBeTruthy();
    const importLink = within(empty).getByRole('link', { name: 'Import an Ads Manager export' });
    expect(importLink.getAttribute('href')).toContain('/settings/integrations/facebook');
    await user.click(within(empty).getByRole('link', { name: 'Meta settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations/facebook'));
  });

  it('says above the list that Meta reports issues, with a link to them', async () => {
    const issue = { id: 'i1', code: 'UNKNOWN_ERROR' as const, actorId: null, createdAt: new Date() };
    const { router, user } = setup('/analytics', () => list([makeAd({ name: 'Running' })]), {
      [`GET ${INTEGRATIONS_PATH}`]: () => jsonResponse([makeMeta({ integrationIssues: [issue] })]),
    });
    const banner = await screen.findByTestId('integration-issues-banner', {}, { timeout: 8000 });
    expect(within(banner).getByText('Meta reports an issue with your integration.')).toBeTruthy();
    expect(await screen.findByText('Running')).toBeTruthy();
    await user.click(within(banner).getByRole('link', { name: 'View issues' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/integrations/facebook'));
    expect(router.state.location.search).toContain('tab=issues');
  });

  it("opens an ad in the analytics player: without media it says so and shows the ad's figures", async () => {
    const ad = makeAd(
      { name: 'Founder story', adPageUrl: 'https://adsmanager.example.test/ad' },
      { spend: 1234, roas: 2.5, thumbstopPercentage: 31.2 },
      { spend: 1000, roas: 2 },
    );
    (ad.analyticsPresets.THIRTY_DAYS as { scores: object }).scores = {
      hook: 82,
      hold: 45,
      click: 12,
      convert: null,
    };
    const seven = makeAd({ ...ad, id: ad.id }, { spend: 0, impressions: 0 }, null, 'SEVEN_DAYS');
    const { network, router, user } = setup('/analytics', () => list([ad]), {
      [`GET ${adPath(ad.id)}`]: (request) =>
        jsonResponse(request.url.searchParams.get('analyticsPreset') === 'SEVEN_DAYS' ? seven : ad),
    });
    await user.click(await screen.findByRole('link', { name: 'Founder story' }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/analytics/${ad.id}`));
    const player = await screen.findByTestId('analytics-player');
    expect(within(player).getByText('Video analytic asset not found')).toBeTruthy();
    const panel = await within(player).findByTestId('analytic-panel', {}, { timeout: 8000 });
    const spend = within(panel).getAllByTestId('cell-spend')[0] as HTMLElement;
    expect(spend.textContent).toBe('$1,234');
    expect(within(panel).getByTestId('delta-spend').getAttribute('aria-label')).toContain('23.4%');
    const scores = within(panel).getByTestId('analytic-scores');
    expect(within(scores).getByText('Hook 82')).toBeTruthy();
    expect(within(scores).getByText('Convert N/A')).toBeTruthy();
    expect(within(panel).getByTestId('retention-none')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open in Ads Manager' }).getAttribute('href')).toBe(
      'https://adsmanager.example.test/ad',
    );

    // Another preset asks again; a window without delivery says so.
    await user.click(within(panel).getByRole('combobox', { name: 'Date range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    expect(await within(player).findByTestId('analytic-no-data')).toBeTruthy();
    expect(network.to(adPath(ad.id)).at(-1)?.url.searchParams.get('analyticsPreset')).toBe('SEVEN_DAYS');

    await user.click(within(player).getByRole('button', { name: 'Back to creative analytics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics'));
    expect(new URLSearchParams(router.state.location.search).get('preset')).toBeNull();
    expect(screen.queryByTestId('analytics-player')).toBeNull();
  });

  it("opens an ad's video in the player on the analytic tab, with the hook's first 3 seconds", async () => {
    const video = makeAsset({ name: 'Hook cut.mp4', type: 'VIDEO', library: 'AD_ANALYTICS' });
    const ad = makeAd(
      { name: 'Hook cut', assets: [{ id: video.id, type: 'VIDEO', posterUrl: null }] },
      { thumbstopPercentage: 34.5 },
    );
    (ad.analyticsPresets.THIRTY_DAYS as { scores: object }).scores = {
      hook: 91,
      hold: null,
      click: null,
      convert: null,
    };
    const library = libraryRoutes([video]);
    const { router } = setup(`/analytics/${ad.id}`, () => list([ad]), {
      [`GET ${adPath(ad.id)}`]: () => jsonResponse(ad),
      ...library,
      // The player asks for the item in its own library.
      [`GET ${BRAND_PATH}/library/AD_ANALYTICS/${video.id}`]: library[
        `GET ${BRAND_PATH}/library/BRAND/${video.id}`
      ] as FetchHandler,
      [`GET ${BRAND_PATH}/assets/${video.id}/transcript`]: () =>
        jsonResponse({
          status: 'COMPLETED',
          message: '',
          source: 'AI',
          language: 'en',
          entries: [
            { timestamp: 0, endTimestamp: 2400, content: 'Tired of tangled cables?' },
            { timestamp: 5000, endTimestamp: 7000, content: 'Order yours today.' },
          ],
        }),
      [`GET ${BRAND_PATH}/assets/${video.id}/text`]: () =>
        jsonResponse({
          status: 'COMPLETED',
          message: '',
          entries: [
            { startMs: 0, endMs: 2000, text: '50% OFF' },
            { startMs: 8000, endMs: 9000, text: 'Shop now' },
          ],
        }),
      [`GET ${BRAND_PATH}/assets/${video.id}/transcription-breakdown`]: () =>
        jsonResponse({
          status: 'COMPLETED',
          message: '',
          items: [
            {
              id: '00000000-0000-4000-8000-0000000c1001',
              type: 'Pain Point',
              subtype: 'Everyday problem',
              quote: 'Tired of tangled cables?',
              startTimestampMs: 0,
              endTimestampMs: 2400,
              index: 0,
              previewURL: null,
              hook: true,
            },
          ],
        }),
    });
    const player = await screen.findByTestId('media-player', {}, { timeout: 8000 });
    expect(within(player).getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).toBe('true');
    const hook = await within(player).findByTestId('hook-analysis', {}, { timeout: 8000 });
    await waitFor(() =>
      expect(within(hook).getByTestId('hook-said').textContent).toBe('Tired of tangled cables?'),
    );
    expect(within(hook).getByTestId('hook-on-screen').textContent).toBe('50% OFF');
    expect(within(hook).getByTestId('hook-clip').textContent).toBe('Pain Point · Everyday problem');
    expect(within(hook).getByTestId('hook-thumbstop').textContent).toBe('Thumbstop 34.5%');
    expect(within(hook).getByTestId('hook-score').textContent).toBe('Hook score 91');
    expect(router.state.location.pathname).toBe(`/analytics/${ad.id}`);
  });

  it('a failed load shows an inline error with a retry and a toast', async () => {
    let fail = true;
    setup('/analytics', () => (fail ? errorResponse(500) : list([makeAd({ name: 'Back again' })])));
    const error = await screen.findByTestId('analytics-error', {}, { timeout: 5000 });
    expect(within(error).getByText('Ads could not be loaded')).toBeTruthy();
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Please refresh and try again')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });
});
