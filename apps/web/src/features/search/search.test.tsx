import type { SavedSearch, SearchOption, SearchResult } from '@hookline/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { readState, toQuery } from './search-state';

const SEARCH_PATH = `${BRAND_PATH}/search`;
const OPTIONS_PATH = `${BRAND_PATH}/search-options`;
const NAMES_PATH = `${BRAND_PATH}/library/options-search`;
const SAVED_PATH = `${BRAND_PATH}/saved-searches`;

const speech = makeAsset({ name: 'Clip three.mp4', type: 'VIDEO' });
const card = makeAsset({ name: 'Promo card.png', type: 'IMAGE' });
const discussed = makeAsset({ name: 'Clip four.mp4', type: 'VIDEO' });

const result = (asset: typeof speech, matches: SearchResult['matches'], score?: number): SearchResult => ({
  ...asset,
  matches,
  ...(score === undefined ? {} : { score }),
});
const results: SearchResult[] = [
  result(
    speech,
    [
      {
        source: 'TRANSCRIPT',
        snippet: 'this summer we are giving 50% off your first order',
        highlights: [
          [39, 44],
          [45, 50],
        ],
        timestampMs: 12_000,
      },
    ],
    0.42,
  ),
  result(card, [
    { source: 'ON_SCREEN_TEXT', snippet: '50% off your first order', highlights: [[13, 18]], timestampMs: 0 },
  ]),
  result(discussed, [
    {
      source: 'COMMENT',
      snippet: 'Could we add the first order offer?',
      highlights: [[17, 22]],
      timestampMs: null,
    },
  ]),
];

const list = <T,>(items: T[], total = items.length) =>
  jsonResponse(items, { headers: { 'x-total-count': String(total) } });

function setup(
  entry: string,
  { items = results, routes = {} }: { items?: SearchResult[]; routes?: Record<string, FetchHandler> } = {},
) {
  const network = signIn({
    routes: {
      [`GET ${SEARCH_PATH}`]: () => list(items),
      ...libraryRoutes([speech, card, discussed]),
      ...routes,
    },
  });
  return { ...renderApp(entry), network };
}

describe('the search state', () => {
  it('turns filter items into the API query and drops malformed ones', () => {
    const filters = [
      { id: 'type', name: 'Type', children: [{ id: 'VIDEO', name: 'Video' }] },
      { id: 'tags', name: 'Tags', children: [{ id: 't1', name: 'Red' }] },
      { id: 'length', name: 'Length', operator: 'gte', params: { value: '10' } },
      {
        id: 'folder',
        name: 'Folder',
        children: [{ id: 'f1', name: 'Q3' }],
        params: { includeSubFolders: false },
      },
      {
        id: 'field:c1',
        name: 'Channel',
        operator: 'CONTAINS',
        params: { value: 'social', fieldType: 'TEXT' },
      },
      { id: 'planet', name: 'Mars' },
      'junk',
    ];
    const state = readState(`?keyword=%20summer%20&filters=${encodeURIComponent(JSON.stringify(filters))}`);
    expect(state.keyword).toBe('summer');
    expect(state.filters).toHaveLength(5);
    expect(toQuery(state)).toMatchObject({
      keyword: 'summer',
      types: ['VIDEO'],
      tagIds: ['t1'],
      metadata: ['length:gte:10'],
      folderId: 'f1',
      includeSubFolders: 'false',
      customFields: ['c1:CONTAINS:social'],
    });
    expect(readState('?filters=%7Bbroken').filters).toEqual([]);
  });
});

describe('the search page', () => {
  it('shows the results with the count and where each matched; a snippet’s time plays from there', async () => {
    const { network, router, user } = setup('/search?keyword=first%20order');
    expect(await screen.findByText('Results for “first order”')).toBeTruthy();
    expect((await screen.findByTestId('search-count')).textContent).toBe('3 results');
    expect(network.to(SEARCH_PATH)[0]?.url.searchParams.get('keyword')).toBe('first order');
    const snippets = await screen.findAllByTestId('match-snippet');
    expect(snippets.map((s) => s.getAttribute('data-source'))).toEqual([
      'TRANSCRIPT',
      'ON_SCREEN_TEXT',
      'COMMENT',
    ]);
    expect([...snippets[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['first', 'order']);
    // A one-line row shows the match: the snippet starts a few words before it.
    expect(snippets[0]!.textContent).toContain('“…are giving 50% off your first order”');
    expect(snippets[1]!.textContent).toContain('“50% off your first order”');
    // The comment has no time: nothing to play.
    expect(within(snippets[2]!).queryByTestId('snippet-time')).toBeNull();

    await user.click(within(snippets[0]!).getByRole('button', { name: 'Play from 0:12' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${speech.id}/transcript`));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('t')).toBe('12');
    expect(params.get('keyword')).toBe('first order');
  });

  it.each([
    [0, 'transcript', 'speech, with a keyword and semantic search off'],
    [1, 'overview', 'an image'],
    [2, 'comments', 'only its comments matched'],
  ])('opens result %i on its %s tab (%s)', async (index, tab) => {
    const { router, user } = setup('/search?keyword=first%20order');
    const cards = await screen.findAllByTestId('asset-card');
    await user.click(within(cards[index]!).getByTestId('asset-name'));
    const id = [speech, card, discussed][index]!.id;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${id}/${tab}`));
  });

  it('adds a filter from the bar, into the address and the query; Clear all removes it', async () => {
    const tags: SearchOption[] = [
      { id: 't-red', name: 'Red', entity: 'TAG', detail: 'Colours' },
      { id: 't-blue', name: 'Blue', entity: 'TAG', detail: 'Colours' },
    ];
    const { network, router, user } = setup('/search?keyword=summer', {
      routes: { [`GET ${OPTIONS_PATH}`]: () => jsonResponse(tags) },
    });
    await screen.findByTestId('search-count');
    await user.click(screen.getByTestId('add-filter'));
    await user.click(await screen.findByRole('menuitem', { name: 'Tags' }));
    await user.click(await screen.findByRole('checkbox', { name: /Red/ }));
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() =>
      expect(network.to(SEARCH_PATH).at(-1)?.url.searchParams.getAll('tagIds')).toEqual(['t-red']),
    );
    expect(network.to(OPTIONS_PATH)[0]?.url.searchParams.get('entity')).toBe('TAG');
    expect((await screen.findByTestId('filter-chip')).textContent).toBe('Tags: Red');
    expect(readState(router.state.location.search).filters[0]).toMatchObject({
      id: 'tags',
      children: [{ id: 't-red', name: 'Red' }],
    });

    await user.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect(screen.queryByTestId('filter-chip')).toBeNull());
    // The unfiltered results come back from the cache: the address no longer holds the filter.
    expect(new URLSearchParams(router.state.location.search).get('filters')).toBeNull();
  });

  it('offers breakdown subtypes from the scene subtype search: 5 most used, then 20 more', async () => {
    const SUBTYPES_PATH = `${BRAND_PATH}/video-intelligence-types/subtypes`;
    const all = Array.from({ length: 8 }, (_, i) => ({
      type: 'CTA',
      subtype: `Offer ${i + 1}`,
      count: 20 - i,
    }));
    const { network, user } = setup('/search?keyword=summer', {
      routes: {
        [`GET ${SUBTYPES_PATH}`]: (request) => {
          const offset = Number(request.url.searchParams.get('offset'));
          const limit = Number(request.url.searchParams.get('limit'));
          return list(all.slice(offset, offset + limit), all.length);
        },
      },
    });
    await screen.findByTestId('search-count');
    await user.click(screen.getByTestId('add-filter'));
    await user.click(await screen.findByRole('menuitem', { name: 'Breakdown subtypes' }));
    await screen.findByRole('checkbox', { name: /Offer 5/ });
    expect(screen.queryByRole('checkbox', { name: /Offer 6/ })).toBeNull();
    expect(network.to(SUBTYPES_PATH)[0]?.url.searchParams.get('limit')).toBe('5');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('checkbox', { name: /Offer 8/ });
    expect(network.to(SUBTYPES_PATH)[1]?.url.searchParams.get('limit')).toBe('20');
    expect(network.to(SUBTYPES_PATH)[1]?.url.searchParams.get('offset')).toBe('5');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Offer 2/ }));
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() =>
      expect(
        network.to(SEARCH_PATH).at(-1)?.url.searchParams.getAll('transcriptionBreakdownSubtypes'),
      ).toEqual(['Offer 2']),
    );
  });

  it('says “more than” when the server stopped counting', async () => {
    setup('/search?keyword=summer', {
      routes: {
        [`GET ${SEARCH_PATH}`]: () =>
          jsonResponse(results, { headers: { 'x-total-count': '10000', 'x-total-count-capped': 'true' } }),
      },
    });
    expect((await screen.findByTestId('search-count')).textContent).toBe('More than 10,000 results');
  });

  it('says so when nothing matches', async () => {
    setup('/search?keyword=zebra', { items: [] });
    expect(await screen.findByTestId('search-empty')).toBeTruthy();
    expect(screen.getByText('No assets match your search')).toBeTruthy();
    expect(screen.getByText('Try other keywords or remove a filter')).toBeTruthy();
  });
});

describe('the global search box', () => {
  it('suggests names after a pause, searches everything on Enter, and ignores an empty box', async () => {
    const { network, router, user } = setup('/starred', {
      routes: { [`GET ${NAMES_PATH}`]: () => jsonResponse([speech, discussed]) },
    });
    const box = await screen.findByTestId('global-search');
    await user.type(box, '   {Enter}');
    expect(router.state.location.pathname).toBe('/starred');

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, 'clip');
    const suggestions = await screen.findAllByTestId('global-suggestion', {}, { timeout: 3000 });
    expect(suggestions.map((s) => s.textContent)).toEqual(['Clip three.mp4', 'Clip four.mp4']);
    expect(network.to(NAMES_PATH).at(-1)?.url.searchParams.get('q')).toBe('clip');
    expect(network.to(NAMES_PATH).at(-1)?.url.searchParams.get('limit')).toBe('5');
    expect(screen.getByTestId('global-see-all')).toBeTruthy();

    await user.type(box, '{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('clip');
  });

  it('opens a suggestion with the arrow keys', async () => {
    const { router, user } = setup('/starred', {
      routes: { [`GET ${NAMES_PATH}`]: () => jsonResponse([speech, discussed]) },
    });
    const box = await screen.findByTestId('global-search');
    await user.type(box, 'clip');
    await screen.findAllByTestId('global-suggestion', {}, { timeout: 3000 });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${discussed.id}/overview`));
  });
});

const savedSearch = (fields: Partial<SavedSearch>): SavedSearch => ({
  id: 'saved-1',
  name: 'Vertical summer',
  keyword: 'summer',
  filters: [],
  sort: 'relevance',
  order: 'desc',
  shared: false,
  createdBy: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace' },
  canEdit: true,
  droppedFilters: [],
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
  ...fields,
});

describe('saved searches', () => {
  it('saves the keyword and filters under a name; the sidebar lists it and opens it again', async () => {
    const kept: SavedSearch[] = [];
    const aspect = [{ id: 'aspect', name: 'Aspect ratio', children: [{ id: '9:16', name: '9:16' }] }];
    const { network, router, user } = setup(
      `/search?keyword=summer&filters=${encodeURIComponent(JSON.stringify(aspect))}`,
      {
        routes: {
          [`GET ${SAVED_PATH}`]: () => jsonResponse(kept),
          [`POST ${SAVED_PATH}`]: (request) => {
            const made = savedSearch({ ...(request.body as Partial<SavedSearch>), id: 'saved-9' });
            kept.push(made);
            return jsonResponse(made, { status: 201 });
          },
        },
      },
    );
    await screen.findByTestId('search-count');
    expect(screen.queryByTestId('saved-search-row')).toBeNull();
    await user.click(screen.getByTestId('save-search'));
    const name = await screen.findByTestId('save-search-name');
    expect((screen.getByTestId('save-search-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.type(name, '  Vertical summer ');
    await user.click(screen.getByTestId('save-search-shared'));
    await user.click(screen.getByTestId('save-search-submit'));
    await waitFor(() => expect(network.to(SAVED_PATH).some((r) => r.method === 'POST')).toBe(true));
    expect(network.to(SAVED_PATH).find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Vertical summer',
      shared: true,
      keyword: 'summer',
      filters: aspect,
      sort: 'relevance',
      order: 'desc',
    });
    // The page is now the saved search: its name heads it, and the sidebar lists it.
    expect(await screen.findByRole('heading', { name: 'Vertical summer' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('saved')).toBe('saved-9');
    const row = await screen.findByTestId('saved-search-row');
    expect(row.textContent).toContain('Vertical summer');
    expect(screen.queryByTestId('save-search')).toBeNull();

    await user.click(screen.getByRole('link', { name: /Starred/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/starred'));
    await user.click(within(await screen.findByTestId('saved-search-row')).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const state = readState(router.state.location.search);
    expect(state).toMatchObject({ keyword: 'summer', filters: aspect, saved: 'saved-9' });
  });

  it('names the filters dropped because what they used is gone, and saves changes to it', async () => {
    const saved = savedSearch({ droppedFilters: ['Winter', 'Market'] });
    const { network, user } = setup('/search?keyword=summer&saved=saved-1', {
      routes: {
        [`GET ${SAVED_PATH}`]: () => jsonResponse([saved]),
        [`PUT ${SAVED_PATH}/saved-1`]: (request) =>
          jsonResponse({ ...saved, ...(request.body as object), droppedFilters: [] }),
      },
    });
    const notice = await screen.findByTestId('saved-search-dropped');
    expect(notice.textContent).toContain('no longer exists: Winter, Market.');
    expect(screen.queryByTestId('save-search-changes')).toBeNull();

    const field = screen.getByTestId('search-keyword');
    await user.clear(field);
    await user.type(field, 'winter{Enter}');
    await user.click(await screen.findByTestId('save-search-changes'));
    await waitFor(() =>
      expect(network.to(`${SAVED_PATH}/saved-1`).find((r) => r.method === 'PUT')?.body).toMatchObject({
        keyword: 'winter',
      }),
    );
  });

  it('shows another member’s shared search without its menu', async () => {
    setup('/starred', {
      routes: {
        [`GET ${SAVED_PATH}`]: () =>
          jsonResponse([
            savedSearch({ id: 'mine', name: 'Mine' }),
            savedSearch({ id: 'theirs', name: 'Team picks', shared: true, canEdit: false }),
          ]),
      },
    });
    const rows = await screen.findAllByTestId('saved-search-row');
    expect(rows.map((row) => row.textContent)).toEqual(['Mine', 'Team picks']);
    expect(within(rows[0]!).getByRole('button', { name: 'Actions for Mine' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByRole('img', { name: 'Shared with the brand' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('link').getAttribute('title')).toBe(
      'Team picks · Shared by Ada Lovelace',
    );
  });
});

describe('more like this', () => {
  it('opens from a card’s menu and lists the look-alikes with how alike they are', async () => {
    const similarPath = `${BRAND_PATH}/assets/${card.id}/similar`;
    const { network, router, user } = setup('/search?keyword=first%20order', {
      routes: {
        [`GET ${similarPath}`]: () =>
          list([
            { ...speech, score: 0.94, method: 'LAYOUT' },
            { ...discussed, score: 0.71, method: 'LAYOUT' },
          ]),
      },
    });
    const cards = await screen.findAllByTestId('asset-card');
    await user.click(within(cards[1]!).getByRole('button', { name: /Actions for Promo card/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'More like this' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('similarTo')).toBe(card.id),
    );
    expect(await screen.findByRole('heading', { name: 'More like “Promo card.png”' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('similarity').map((line) => line.textContent)).toEqual([
        'Similar layout · 94%',
        'Similar layout · 71%',
      ]),
    );
    expect(network.to(similarPath)[0]?.url.searchParams.get('limit')).toBe('40');
    // No keyword search meanwhile, and no filters to offer.
    expect(screen.queryByTestId('add-filter')).toBeNull();
    expect(screen.queryByTestId('save-search')).toBeNull();

    // Typing a keyword searches again.
    await user.type(screen.getByTestId('search-keyword'), 'summer{Enter}');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('similarTo')).toBeNull(),
    );
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('summer');
  });

  it('says so when nothing looks alike', async () => {
    setup(`/search?similarTo=${card.id}`, {
      routes: { [`GET ${BRAND_PATH}/assets/${card.id}/similar`]: () => list([]) },
    });
    expect(await screen.findByText('Nothing looks like this yet')).toBeTruthy();
  });
});
