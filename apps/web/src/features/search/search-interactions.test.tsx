import type { SearchOption, SearchResult } from '@hookline/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

/**
 * The search page beyond search.test.tsx: a result opened while breakdown filters are on
 * (the player's creative clips), the keyword field's 500 ms pause before it searches, and
 * the filter options' empty answer and next page.
 */
const SEARCH_PATH = `${BRAND_PATH}/search`;
const OPTIONS_PATH = `${BRAND_PATH}/search-options`;

const video = makeAsset({ name: 'Clip three.mp4', type: 'VIDEO' });
const image = makeAsset({ name: 'Promo card.png', type: 'IMAGE' });
const results: SearchResult[] = [video, image].map((asset) => ({ ...asset, matches: [] }));

const list = <T,>(items: T[], total = items.length) =>
  jsonResponse(items, { headers: { 'x-total-count': String(total) } });

function setup(entry: string, routes: Record<string, FetchHandler> = {}) {
  const network = signIn({
    routes: {
      [`GET ${SEARCH_PATH}`]: () => list(results),
      ...libraryRoutes([video, image]),
      ...routes,
    },
  });
  return { ...renderApp(entry), network };
}

const address = (filters: object[], keyword = 'summer') =>
  `/search?keyword=${keyword}&filters=${encodeURIComponent(JSON.stringify(filters))}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('opening a result with breakdown filters on', () => {
  it.each([
    ['types', [{ id: 'breakdown', name: 'Breakdown', children: [{ id: 'CTA', name: 'CTA' }] }]],
    [
      'subtypes',
      [{ id: 'subtypes', name: 'Breakdown subtypes', children: [{ id: 'CTA:Shop now', name: 'Shop now' }] }],
    ],
  ])('opens a video on its creative clips (breakdown %s)', async (_, filters) => {
    const { router, user } = setup(address(filters));
    const cards = await screen.findAllByTestId('asset-card');
    await user.click(within(cards[0]!).getByTestId('asset-name'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${video.id}/videoIntelligence`));
    // The filters stay with the player's address (closing it comes back to them).
    expect(new URLSearchParams(router.state.location.search).get('filters')).toBe(JSON.stringify(filters));
  });

  it('opens an image on its overview', async () => {
    const filters = [{ id: 'breakdown', name: 'Breakdown', children: [{ id: 'CTA', name: 'CTA' }] }];
    const { router, user } = setup(address(filters));
    const cards = await screen.findAllByTestId('asset-card');
    await user.click(within(cards[1]!).getByTestId('asset-name'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${image.id}/overview`));
  });

  it('opens a video on its transcript when the breakdown filter has no values', async () => {
    const { router, user } = setup(address([{ id: 'breakdown', name: 'Breakdown', children: [] }]));
    const cards = await screen.findAllByTestId('asset-card');
    await user.click(within(cards[0]!).getByTestId('asset-name'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${video.id}/transcript`));
  });
});

describe('the keyword field', () => {
  it('searches 500 ms after typing stops, once for the whole word', async () => {
    const { network, router, user } = setup('/search?keyword=summer');
    await screen.findByTestId('search-count');
    const field = screen.getByTestId('search-keyword');
    await user.clear(field);
    await user.type(field, 'winter');
    // A moment after the last key: neither the address nor the results have changed.
    await sleep(250);
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('summer');
    expect(network.to(SEARCH_PATH).some((r) => r.url.searchParams.get('keyword') !== 'summer')).toBe(false);
    await waitFor(
      () => expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('winter'),
      {
        timeout: 3000,
      },
    );
    await waitFor(() =>
      expect(network.to(SEARCH_PATH).at(-1)?.url.searchParams.get('keyword')).toBe('winter'),
    );
    // No search for what was typed on the way ('w', 'wi'…), nor for the cleared field.
    expect(network.to(SEARCH_PATH).map((r) => r.url.searchParams.get('keyword'))).toEqual([
      'summer',
      'winter',
    ]);
  });
});

describe('filter options', () => {
  const openTags = async (user: ReturnType<typeof setup>['user']) => {
    await screen.findByTestId('search-count');
    await user.click(screen.getByTestId('add-filter'));
    await user.click(await screen.findByRole('menuitem', { name: 'Tags' }));
  };

  it('says “No options found” when nothing matches', async () => {
    const { network, user } = setup('/search?keyword=summer', {
      [`GET ${OPTIONS_PATH}`]: () => jsonResponse([]),
    });
    await openTags(user);
    expect(await screen.findByText('No options found')).toBeTruthy();
    expect(network.to(OPTIONS_PATH)[0]?.url.searchParams.get('entity')).toBe('TAG');
  });

  it('loads the next 50 at the end of the list while the last page was full, then stops', async () => {
    const tags: SearchOption[] = Array.from({ length: 53 }, (_, i) => ({
      id: `t-${i + 1}`,
      name: `Tag ${String(i + 1).padStart(2, '0')}`,
      entity: 'TAG',
      detail: 'General',
    }));
    const { network, user } = setup('/search?keyword=summer', {
      [`GET ${OPTIONS_PATH}`]: (request) => {
        const offset = Number(request.url.searchParams.get('offset'));
        const limit = Number(request.url.searchParams.get('limit'));
        return jsonResponse(tags.slice(offset, offset + limit));
      },
    });
    await openTags(user);
    await screen.findByRole('checkbox', { name: /Tag 50/ });
    expect(screen.queryByRole('checkbox', { name: /Tag 51/ })).toBeNull();
    expect(network.to(OPTIONS_PATH)[0]?.url.searchParams.get('limit')).toBe('50');
    expect(network.to(OPTIONS_PATH)[0]?.url.searchParams.get('offset')).toBe('0');

    // The list's viewport, scrolled as a browser would (happy-dom lays nothing out).
    const viewport = screen.getByTestId('options-TAG').closest('.mantine-ScrollArea-viewport')!;
    Object.defineProperty(viewport, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(viewport, 'clientHeight', { configurable: true, value: 240 });
    const scrollTo = (top: number) => {
      Object.defineProperty(viewport, 'scrollTop', { configurable: true, value: top });
      fireEvent.scroll(viewport);
    };
    scrollTo(300);
    await sleep(50);
    expect(network.to(OPTIONS_PATH)).toHaveLength(1);
    scrollTo(760);
    await screen.findByRole('checkbox', { name: /Tag 53/ });
    expect(network.to(OPTIONS_PATH)[1]?.url.searchParams.get('offset')).toBe('50');
    expect(screen.getAllByRole('checkbox', { name: /Tag / })).toHaveLength(53);

    // The second page had 3: at the end again, nothing more is asked for.
    scrollTo(300);
    scrollTo(760);
    await sleep(50);
    expect(network.to(OPTIONS_PATH)).toHaveLength(2);
    expect(screen.queryByText('No options found')).toBeNull();
  });
});
