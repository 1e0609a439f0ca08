import type { AnalyticsComparison, AnalyticsGroupRow } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  COMPARE_PATH,
  CREATIVE_OPTIONS_PATH,
  figures,
  GROUPS_PATH,
  LIST_PATH,
  list,
  makeAd,
  NAMING_PATH,
} from '@/test/analytics';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { libraryRoutes } from '@/test/library';
import { renderApp } from '@/test/render';

function groupRow(overrides: Partial<AnalyticsGroupRow>): AnalyticsGroupRow {
  return {
    id: 'g',
    groupId: null,
    name: 'Other',
    groupingField: 'dynamicAdNameGroups',
    additionalData: null,
    operator: null,
    count: 1,
    category: null,
    totalSpend: 100,
    totalResults: 4,
    avgWatchTime: 5,
    ctr: 1.2,
    roas: 2,
    cpa: 25,
    cpc: 1,
    cpm: 10,
    conversionRate: 3,
    thumbstopRate: 20,
    ...overrides,
  };
}

function setup(entry: string, routes: Record<string, FetchHandler>) {
  const network = signIn({ routes: { ...libraryRoutes([]), ...routes } });
  return { ...renderApp(entry), network };
}

const stateOf = (search: string) => JSON.parse(new URLSearchParams(search).get('state') ?? '{}');
const rows = () => screen.findAllByTestId('analytics-row', {}, { timeout: 8000 });

describe('creative analytics: group-by, filters and compare', { timeout: 30_000 }, () => {
  it('the dynamic group-by modal needs a value per condition and asks for the groups', async () => {
    const ugc = makeAd({ name: 'UGC hook' });
    const { network, router, user } = setup('/analytics', {
      [`GET ${LIST_PATH}`]: (request) =>
        request.url.searchParams.get('parentId') === 'g-ugc' ? list([ugc]) : list([ugc, makeAd()]),
      [`GET ${GROUPS_PATH}`]: () =>
        jsonResponse([
          groupRow({ id: 'g-ugc', groupId: 'UGC', name: 'UGC', count: 1, totalSpend: 1234.4 }),
          groupRow({ id: 'g-other', name: 'Other', count: 1, roas: null }),
        ]),
    });
    await rows();
    await user.click(screen.getByTestId('analytics-group-by'));
    await user.click(await screen.findByTestId('group-by-dynamic'));
    const modal = await screen.findByRole('dialog', { name: 'Dynamic name groups' });
    await user.type(within(modal).getByTestId('dynamic-label'), 'UGC');
    await user.click(within(modal).getByTestId('dynamic-apply'));
    expect(await within(modal).findByText('Each condition needs a value')).toBeTruthy();
    expect(network.to(GROUPS_PATH)).toHaveLength(0);

    // Removing the only condition leaves one empty condition, not none.
    await user.type(within(modal).getByTestId('dynamic-value'), 'x');
    await user.click(within(modal).getByRole('button', { name: 'Remove condition' }));
    expect(within(modal).getAllByTestId('dynamic-condition')).toHaveLength(1);
    expect((within(modal).getByTestId('dynamic-value') as HTMLInputElement).value).toBe('');

    await user.click(within(modal).getByRole('button', { name: 'Add condition' }));
    const values = within(modal).getAllByTestId('dynamic-value');
    await user.type(values[0] as HTMLElement, 'UGC');
    await user.type(values[1] as HTMLElement, 'hook');
    await user.click(within(modal).getByTestId('dynamic-apply'));

    await waitFor(() => expect(network.to(GROUPS_PATH)).toHaveLength(1));
    const query = network.to(GROUPS_PATH)[0]?.url.searchParams;
    expect(query?.get('groupBy')).toBe('dynamicAdNameGroups');
    expect(JSON.parse(query?.get('dynamicAdNameGroups') ?? '[]')).toEqual([
      {
        label: 'UGC',
        conditions: [
          { operator: 'CONTAINS', value: 'UGC' },
          { operator: 'CONTAINS', value: 'hook' },
        ],
      },
    ]);
    expect(stateOf(router.state.location.search).groupBy.id).toBe('dynamicAdNameGroups');

    // The rows: name, count and the group's figures in the table's formats.
    const groups = await screen.findAllByTestId('group-row');
    expect(groups.map((row) => within(row).getByTestId('group-name').textContent)).toEqual(['UGC', 'Other']);
    expect(within(groups[0] as HTMLElement).getByTestId('group-count').textContent).toBe('1 ad');
    expect(within(groups[0] as HTMLElement).getByTestId('group-spend').textContent).toBe('$1,234');
    expect(within(groups[1] as HTMLElement).getByTestId('group-roas').textContent).toBe('N/A');

    // A row expands to its ads: the list asked with the group's id.
    const expand = within(groups[0] as HTMLElement).getByRole('button');
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await user.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    const child = await screen.findByTestId('group-ad');
    expect(within(child).getByTestId('ad-name').textContent).toBe('UGC hook');
    expect(network.to(LIST_PATH).some((r) => r.url.searchParams.get('parentId') === 'g-ugc')).toBe(true);
  });

  it('the filter builder reads Invalid filter until complete, drops empty filters and sends the rest', async () => {
    const { network, router, user } = setup('/analytics', {
      [`GET ${LIST_PATH}`]: () => list([makeAd()]),
    });
    await rows();
    await user.click(screen.getByTestId('analytics-filters'));
    await user.click(await screen.findByTestId('filter-add'));
    await user.click(await screen.findByTestId('filter-add-metric'));
    expect(await screen.findByTestId('filter-invalid')).toBeTruthy();
    // An ad-name filter left empty is dropped on submit.
    await user.click(screen.getByTestId('filter-add'));
    await user.click(await screen.findByTestId('filter-add-adField'));
    await user.type(screen.getByTestId('filter-number'), '1.5');
    await waitFor(() => expect(screen.getAllByTestId('filter-invalid')).toHaveLength(1));
    await user.click(screen.getByTestId('filter-apply'));

    await waitFor(() => expect(network.to(LIST_PATH).at(-1)?.url.searchParams.get('filters')).toBeTruthy());
    const query = network.to(LIST_PATH).at(-1)?.url.searchParams;
    expect(JSON.parse(query?.get('filters') ?? '[]')).toEqual([
      { id: 'metric', params: { metric: 'roas', operator: 'BIGGER', value: 1.5 } },
    ]);
    const state = stateOf(router.state.location.search);
    expect(state.dynamicFilters).toHaveLength(1);
    // With filters the preset is written: a link without one would mean all time.
    expect(state.preset).toBe('THIRTY_DAYS');
    expect((await screen.findByTestId('filter-chip')).textContent).toBe('ROAS above 1.5');

    // The chip's remove button clears it.
    await user.click(screen.getByRole('button', { name: 'Remove filter: ROAS above 1.5' }));
    await waitFor(() => expect(screen.queryByTestId('filter-chip')).toBeNull());
    expect(stateOf(router.state.location.search).dynamicFilters).toBeUndefined();
  });

  it("a creative-info filter suggests the brand's values as the user types, 500 ms after typing stops", async () => {
    const { network, user } = setup('/analytics', {
      'GET /api/feature-flags': () => jsonResponse({ mediaCreativeFields: true }),
      [`GET ${LIST_PATH}`]: () => list([makeAd()]),
      [`GET ${CREATIVE_OPTIONS_PATH}`]: (request) => {
        const q = request.url.searchParams.get('q') ?? '';
        const values = ['Shop the sale', 'Summer drop', 'Gift guide'].filter((v) =>
          v.toLowerCase().includes(q.toLowerCase()),
        );
        return jsonResponse(values.map((value) => ({ value, ads: 3 })));
      },
    });
    await rows();
    await user.click(screen.getByTestId('analytics-filters'));
    await user.click(await screen.findByTestId('filter-add'));
    await user.click(await screen.findByTestId('filter-add-creativeTitle'));
    const input = screen.getByTestId('filter-values');
    await user.click(input);
    // Focused: the brand's values, most used first.
    expect(await screen.findByRole('option', { name: 'Gift guide' })).toBeTruthy();
    const asked = () => network.to(CREATIVE_OPTIONS_PATH).map((r) => r.url.searchParams.get('q'));
    await user.type(input, 's');
    await user.type(input, 'u');
    // One search for what was typed once typing stopped, not one per key.
    await waitFor(() => expect(asked().at(-1)).toBe('su'), { timeout: 3000 });
    expect(asked()).not.toContain('s');
    expect(network.to(CREATIVE_OPTIONS_PATH).at(-1)?.url.searchParams.get('field')).toBe('creativeTitle');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Gift guide' })).toBeNull());
    await user.click(await screen.findByRole('option', { name: 'Summer drop' }));
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(network.to(LIST_PATH).at(-1)?.url.searchParams.get('filters')).toBeTruthy());
    expect(JSON.parse(network.to(LIST_PATH).at(-1)?.url.searchParams.get('filters') ?? '[]')).toEqual([
      { id: 'creativeTitle', children: [{ id: 'Summer drop' }] },
    ]);
  });

  it('a link with filters but no date range lists all time; more than 3 tags show as a count', async () => {
    const tags = ['a', 'b', 'c', 'd'].map((id) => ({
      id: `00000000-0000-4000-8000-00000000000${id}`,
      name: id,
    }));
    const state = encodeURIComponent(JSON.stringify({ dynamicFilters: [{ id: 'tags', children: tags }] }));
    const { network } = setup(`/analytics?state=${state}`, {
      [`GET ${LIST_PATH}`]: (request) =>
        list([makeAd({}, {}, null, request.url.searchParams.get('analyticsPreset') ?? 'THIRTY_DAYS')]),
    });
    await rows();
    expect(network.to(LIST_PATH).at(-1)?.url.searchParams.get('analyticsPreset')).toBe('ALL_TIME');
    expect((await screen.findByTestId('filter-chip')).textContent).toBe('Tags: 4 selected');
  });

  it("groups and filters by the brand's naming convention fields", async () => {
    const { network, user } = setup('/analytics', {
      [`GET ${LIST_PATH}`]: () => list([makeAd({ name: 'UGC_Pain_Priya' })]),
      [`GET ${GROUPS_PATH}`]: () => jsonResponse([groupRow({ id: 'g-pain', groupId: 'Pain', name: 'Pain' })]),
      [`GET ${NAMING_PATH}`]: () =>
        jsonResponse({
          delimiter: '_',
          fields: [
            { position: 0, name: 'format' },
            { position: 1, name: 'hookType' },
            { position: 2, name: 'custom', label: 'Creator name' },
          ],
          updatedAt: '2026-11-30T10:00:00.000Z',
          sample: [],
          stats: { ads: 1, parsed: 1 },
        }),
    });
    await rows();
    await user.click(screen.getByTestId('analytics-group-by'));
    const fields = await screen.findAllByTestId('group-by-naming');
    expect(fields.map((item) => item.textContent)).toEqual(['Format', 'Hook type', 'Creator name']);
    await user.click(fields[1] as HTMLElement);
    await waitFor(() =>
      expect(network.to(GROUPS_PATH).at(-1)?.url.searchParams.get('groupBy')).toBe('naming:hookType'),
    );
    expect((await screen.findAllByTestId('group-name')).map((n) => n.textContent)).toEqual(['Pain']);

    await user.click(screen.getByTestId('analytics-filters'));
    await user.click(await screen.findByTestId('filter-add'));
    await user.click(await screen.findByTestId('filter-add-naming'));
    await user.type(screen.getByTestId('filter-text'), 'UGC');
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(network.to(GROUPS_PATH).at(-1)?.url.searchParams.get('filters')).toBeTruthy());
    expect(JSON.parse(network.to(GROUPS_PATH).at(-1)?.url.searchParams.get('filters') ?? '[]')).toEqual([
      { id: 'naming', operator: 'CONTAINS', params: { field: 'format', value: 'UGC' } },
    ]);
    expect((await screen.findByTestId('filter-chip')).textContent).toBe('Format contains “UGC”');
  });

  it('compare is enabled for 2 to 6 selected ads and opens the compare page with them', async () => {
    const ads = Array.from({ length: 7 }, (_, i) => makeAd({ name: `Ad ${String.fromCharCode(65 + i)}` }));
    const comparison: AnalyticsComparison = Object.fromEntries(
      ads.slice(0, 2).map((ad, i) => [
        ad.id,
        {
          name: ad.name,
          chartData: [],
          totals: {
            ...figures({ spend: 100 * (i + 1), roas: i + 1 }),
            window: null,
            audienceRetention: { labels: [], values: [] },
            scores: { hook: null, hold: null, click: null, convert: null },
            processedAt: null,
          },
          previous: figures({ spend: 50, roas: 1 }),
        },
      ]),
    );
    const { network, router, user } = setup('/analytics', {
      [`GET ${LIST_PATH}`]: () => list(ads),
      [`GET ${COMPARE_PATH}`]: () => jsonResponse(comparison),
    });
    await rows();
    const select = (ad: (typeof ads)[number]) =>
      user.click(screen.getByRole('checkbox', { name: `Select ${ad.name}` }));
    await select(ads[0] as (typeof ads)[number]);
    const compare = await screen.findByTestId('analytics-compare');
    expect(compare.hasAttribute('disabled') || compare.getAttribute('data-disabled') === 'true').toBe(true);
    for (const ad of ads.slice(1)) await select(ad);
    await waitFor(() => expect(screen.getByTestId('analytics-selected').textContent).toBe('7 selected'));
    expect(
      screen.getByTestId('analytics-compare').hasAttribute('disabled') ||
        screen.getByTestId('analytics-compare').getAttribute('data-disabled') === 'true',
    ).toBe(true);
    for (const ad of ads.slice(2)) await select(ad);
    await waitFor(() => expect(screen.getByTestId('analytics-selected').textContent).toBe('2 selected'));
    await user.click(screen.getByTestId('analytics-compare'));

    // The compare page's chunk (with the charts) is transformed on first use.
    await screen.findByTestId('compare-page', {}, { timeout: 20_000 });
    const search = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/analytics/compare');
    expect(search.get('adIds')).toBe(`${ads[0]?.id},${ads[1]?.id}`);
    await waitFor(() => expect(network.to(COMPARE_PATH)).toHaveLength(1));
    expect(network.to(COMPARE_PATH)[0]?.url.searchParams.get('analyticsPreset')).toBe('THIRTY_DAYS');
    // The legend keeps the order the ads were picked in; the totals show each one's figures.
    const legend = await screen.findAllByTestId('compare-ad');
    expect(legend.map((badge) => badge.textContent)).toEqual(['Ad A', 'Ad B']);
    const spend = screen.getByTestId('compare-row-spend');
    expect(within(spend).getByText('$100')).toBeTruthy();
    expect(within(spend).getByText('$200')).toBeTruthy();
    expect(within(spend).getByTestId('compare-vs-first').textContent).toBe('+100.0% vs Ad A');
  });

  it('an invalid preset on the compare page asks for the last 30 days; no ads shows how to pick some', async () => {
    const first = setup('/analytics/compare?preset=NOPE&adIds=00000000-0000-4000-8000-000000000001', {
      [`GET ${COMPARE_PATH}`]: () => jsonResponse({}),
    });
    await waitFor(() => expect(first.network.to(COMPARE_PATH)).toHaveLength(1));
    expect(first.network.to(COMPARE_PATH)[0]?.url.searchParams.get('analyticsPreset')).toBe('THIRTY_DAYS');
    first.unmount();

    const empty = setup('/analytics/compare', {});
    expect(await screen.findAllByTestId('compare-none')).toBeTruthy();
    expect(empty.network.to(COMPARE_PATH)).toHaveLength(0);
  });
});
