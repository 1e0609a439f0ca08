import type { CreativeClip } from '@hookline/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const CLIPS_PATH = `${BRAND_PATH}/creative-clips`;
const TYPES_PATH = `${BRAND_PATH}/video-intelligence-types`;
const SUBTYPES_PATH = `${BRAND_PATH}/video-intelligence-types/subtypes`;

const hero = makeAsset({ name: 'Hero.mp4' });
const promo = makeAsset({ name: 'Promo cut.mp4' });

let clipSequence = 0;
function makeClip(overrides: Partial<CreativeClip> = {}, asset = hero): CreativeClip {
  clipSequence += 1;
  return {
    id: `00000000-0000-4000-9000-${String(clipSequence).padStart(12, '0')}`,
    type: 'CTA',
    subtype: 'Shop now',
    quote: 'Tap the link below and get twenty percent off today',
    startTimestampMs: 3_000,
    endTimestampMs: 8_500,
    index: 0,
    previewURL: '/media/hero-short.mp4#t=3,8.5',
    hook: false,
    asset: {
      id: asset.id,
      name: asset.name,
      library: 'BRAND',
      parentId: null,
      previewURL: '/media/hero.jpg',
    },
    ...overrides,
  };
}

const list = <T,>(items: T[], total = items.length) =>
  jsonResponse(items, { headers: { 'x-total-count': String(total) } });

function setup(
  entry: string,
  {
    clips = [],
    flags = {},
    routes = {},
  }: { clips?: CreativeClip[]; flags?: Record<string, boolean>; routes?: Record<string, FetchHandler> } = {},
) {
  const network = signIn({
    routes: {
      'GET /api/feature-flags': () => jsonResponse({ videoIntelligenceTypes: false, ...flags }),
      [`GET ${CLIPS_PATH}`]: () => list(clips),
      ...libraryRoutes([hero, promo]),
      ...routes,
    },
  });
  return { ...renderApp(entry), network };
}

const sidebar = () => screen.getByTestId('sidebar-creative-clips');
const clipRequests = (network: ReturnType<typeof setup>['network']) => network.to(CLIPS_PATH);

describe('creative clips in the sidebar', () => {
  it('lists the 9 types; one opens the page filtered by it, and nothing is asked for subtypes', async () => {
    const { network, router, user } = setup('/starred');
    const nav = await screen.findByTestId('sidebar-creative-clips', {}, { timeout: 3000 });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Pain Point',
      'Before',
      'After',
      'Solution',
      'Value Proposition',
      'Recommendation',
      'CTA',
      'Initial Objection',
      'Emotions',
    ]);
    // The flag is off: no type expands.
    await waitFor(() => expect(within(nav).queryByRole('button')).toBeNull());

    await user.click(within(nav).getByRole('link', { name: 'CTA' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creative-clips'));
    expect(new URLSearchParams(router.state.location.search).getAll('types')).toEqual(['CTA']);
    await waitFor(() => expect(clipRequests(network).length).toBeGreaterThan(0));
    expect(clipRequests(network)[0]?.url.searchParams.getAll('types')).toEqual(['CTA']);
    expect(within(sidebar()).getByRole('link', { name: 'CTA' }).getAttribute('aria-current')).toBe('page');
    expect(network.to(TYPES_PATH)).toHaveLength(0);
    expect(network.to(SUBTYPES_PATH)).toHaveLength(0);
  });

  it('with videoIntelligenceTypes a type expands to its 5 subtypes, then 20 more per Show more', async () => {
    const more = (offset: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        type: 'CTA',
        subtype: `Offer ${offset + i + 1}`,
        count: 1,
      }));
    const { network, router, user } = setup('/starred', {
      flags: { videoIntelligenceTypes: true },
      routes: {
        [`GET ${TYPES_PATH}`]: () =>
          jsonResponse([
            { type: 'CTA', subtypes: ['Offer 1', 'Offer 2', 'Offer 3', 'Offer 4', 'Offer 5'] },
            { type: 'Before', subtypes: [] },
          ]),
        [`GET ${SUBTYPES_PATH}`]: (request) => {
          const offset = Number(request.url.searchParams.get('offset'));
          return list(more(offset, offset === 5 ? 20 : 3), 28);
        },
      },
    });
    const nav = await screen.findByTestId('sidebar-creative-clips', {}, { timeout: 3000 });
    expect(network.to(TYPES_PATH)).toHaveLength(0);

    await user.click(within(nav).getByRole('button', { name: 'Show CTA subtypes' }));
    const subtypes = await screen.findByTestId('sidebar-subtypes-CTA');
    expect(within(subtypes).getAllByRole('link')).toHaveLength(5);
    expect(network.to(TYPES_PATH)).toHaveLength(1);
    expect(network.to(SUBTYPES_PATH)).toHaveLength(0);

    await user.click(within(subtypes).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(subtypes).getAllByRole('link')).toHaveLength(25));
    const first = network.to(SUBTYPES_PATH)[0];
    expect(first?.url.searchParams.getAll('types')).toEqual(['CTA']);
    expect(first?.url.searchParams.get('offset')).toBe('5');
    expect(first?.url.searchParams.get('limit')).toBe('20');

    await user.click(within(subtypes).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(subtypes).getAllByRole('link')).toHaveLength(28));
    expect(network.to(SUBTYPES_PATH)[1]?.url.searchParams.get('offset')).toBe('25');
    expect(within(subtypes).queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(within(subtypes).getByRole('link', { name: 'Offer 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creative-clips'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.getAll('types')).toEqual(['CTA']);
    expect(search.getAll('subtypes')).toEqual(['Offer 2']);
    await waitFor(() => expect(clipRequests(network).length).toBeGreaterThan(0));
    expect(clipRequests(network).at(-1)?.url.searchParams.getAll('subtypes')).toEqual(['Offer 2']);

    // A type without subtypes says so.
    await user.click(within(nav).getByRole('button', { name: 'Show Before subtypes' }));
    expect(await within(nav).findByText('No subtypes yet')).toBeTruthy();
  });
});

describe('creative clips page', () => {
  it('lists the clips with their chips, hook badge, quote, file and time range', async () => {
    const clips = [
      makeClip({
        hook: true,
        startTimestampMs: 0,
        endTimestampMs: 2_400,
        type: 'Pain Point',
        subtype: 'Dry skin',
      }),
      makeClip({ startTimestampMs: 63_000, endTimestampMs: 71_900 }, promo),
    ];
    const { network } = setup('/creative-clips?types=CTA&types=Pain%20Point', { clips });
    const cards = await screen.findAllByTestId('clip-card', {}, { timeout: 3000 });
    expect(cards).toHaveLength(2);
    expect(screen.getByTestId('page-title').textContent).toBe('Creative clips');
    expect(screen.getByTestId('clips-count').textContent).toBe('2 clips');
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Pain Point')).toBeTruthy();
    expect(within(first).getByText('Dry skin')).toBeTruthy();
    expect(within(first).getByTestId('clip-hook').textContent).toBe('Hook');
    expect(within(first).getByText('0:00–0:02')).toBeTruthy();
    expect(within(first).getByText('Hero.mp4')).toBeTruthy();
    expect(within(second).getByText('CTA')).toBeTruthy();
    expect(within(second).getByText('Shop now')).toBeTruthy();
    expect(within(second).queryByTestId('clip-hook')).toBeNull();
    expect(within(second).getByText('1:03–1:11')).toBeTruthy();
    expect(within(second).getByText('“Tap the link below and get twenty percent off today”')).toBeTruthy();
    expect(within(second).getByText('Promo cut.mp4')).toBeTruthy();
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/media/hero.jpg');

    const [request] = clipRequests(network);
    // In the types' own order.
    expect(request?.url.searchParams.getAll('types')).toEqual(['Pain Point', 'CTA']);
    expect(request?.url.searchParams.get('limit')).toBe('40');
    expect(request?.url.searchParams.get('offset')).toBe('0');
    expect(request?.url.searchParams.has('hook')).toBe(false);
  });

  it('plays a clip’s segment only while it is hovered', async () => {
    setup('/creative-clips', { clips: [makeClip(), makeClip()] });
    const [card] = await screen.findAllByTestId('clip-card', {}, { timeout: 3000 });
    expect(screen.queryByTestId('clip-video')).toBeNull();
    fireEvent.mouseEnter(card as HTMLElement);
    const video = within(card as HTMLElement).getByTestId('clip-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/media/hero-short.mp4#t=3,8.5');
    expect(video.muted).toBe(true);
    expect(screen.getAllByTestId('clip-video')).toHaveLength(1);
    fireEvent.mouseLeave(card as HTMLElement);
    expect(screen.queryByTestId('clip-video')).toBeNull();
  });

  it('changes the query with the filters: types, hooks only, removing a subtype', async () => {
    const { network, router, user } = setup('/creative-clips?types=CTA&subtypes=Shop%20now', {
      clips: [makeClip()],
    });
    await screen.findAllByTestId('clip-card', {}, { timeout: 3000 });
    expect(clipRequests(network)[0]?.url.searchParams.getAll('subtypes')).toEqual(['Shop now']);
    const search = () => new URLSearchParams(router.state.location.search);

    await user.click(screen.getByRole('switch', { name: 'Hooks only' }));
    await waitFor(() => expect(search().get('hook')).toBe('true'));
    await waitFor(() => expect(clipRequests(network).at(-1)?.url.searchParams.get('hook')).toBe('true'));
    expect(search().getAll('subtypes')).toEqual(['Shop now']);

    await user.click(screen.getByRole('button', { name: 'Remove subtype Shop now' }));
    await waitFor(() => expect(search().getAll('subtypes')).toEqual([]));
    expect(search().getAll('types')).toEqual(['CTA']);
    expect(search().get('hook')).toBe('true');

    await user.click(document.querySelector('input[aria-label="Types"]') as HTMLInputElement);
    await user.click(await screen.findByRole('option', { name: 'Before' }));
    await waitFor(() => expect(search().getAll('types')).toEqual(['Before', 'CTA']));
    await waitFor(() =>
      expect(clipRequests(network).at(-1)?.url.searchParams.getAll('types')).toEqual(['Before', 'CTA']),
    );
    expect(search().get('accountId')).toBeTruthy();
  });

  it('hides the hook badge and the switch when hookAnalysis is off', async () => {
    setup('/creative-clips?hook=true', { clips: [makeClip({ hook: true })], flags: { hookAnalysis: false } });
    const [card] = await screen.findAllByTestId('clip-card', {}, { timeout: 3000 });
    expect(within(card as HTMLElement).queryByTestId('clip-hook')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Hooks only' })).toBeNull();
  });

  it('says when there are no clips yet, and when the filters match none', async () => {
    const first = setup('/creative-clips');
    expect(await screen.findByTestId('clips-empty', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('No creative clips yet')).toBeTruthy();
    expect(screen.getByText(/Clips are found in the speech of analysed videos/)).toBeTruthy();
    expect(screen.getByTestId('clips-count').textContent).toBe('0 clips');
    expect(screen.getByRole('link', { name: 'Go to the library' }).getAttribute('href')).toMatch(
      /^\/library\/assets/,
    );
    first.unmount();

    const { router, user } = setup('/creative-clips?types=CTA');
    expect(await screen.findByText('No clips match these filters', {}, { timeout: 3000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('types')).toBe(false));
  });

  it('shows an inline error with a reload when the clips cannot be loaded', async () => {
    setup('/creative-clips', {
      routes: {
        [`GET ${CLIPS_PATH}`]: () => jsonResponse({ statusCode: 500, message: 'boom' }, { status: 500 }),
      },
    });
    expect(await screen.findByText('Creative clips could not be loaded', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a click opens the player on the clip’s file, at its start, keeping the filters', async () => {
    const { router, user } = setup('/creative-clips?types=CTA', {
      clips: [makeClip({ startTimestampMs: 12_340, endTimestampMs: 15_000 })],
    });
    const [card] = await screen.findAllByTestId('clip-card', {}, { timeout: 3000 });
    expect(card?.textContent).toContain('0:12–0:15');
    expect(card?.textContent).toContain('Hero.mp4');
    await user.click(card as HTMLElement);
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(new RegExp(`^/creative-clips/${hero.id}/`)),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('t')).toBe('12.3');
    expect(search.getAll('types')).toEqual(['CTA']);
    expect(await screen.findByTestId('media-player', {}, { timeout: 5000 })).toBeTruthy();
    // The grid stays under the player.
    expect(screen.getByTestId('creative-clips-page')).toBeTruthy();
  });
});
