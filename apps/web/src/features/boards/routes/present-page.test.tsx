import type { Asset, Board } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { listAnswer, makeBoard } from '../test/boards-api';

const SCOPE = `accountId=${acme.accountId}&brandId=${acme.id}`;
const link = (board: Board, token: string | null = 'link-token') =>
  `/boards/${board.id}/present?${token ? `shareToken=${token}&` : ''}${SCOPE}`;

const hero = makeAsset({
  name: 'Hero.png',
  type: 'IMAGE',
  url: 'https://files.test/hero.png',
  transcodingUrls: { preview: 'https://files.test/hero-1280.webp' },
});
const spot = makeAsset({
  name: 'Spot.mp4',
  type: 'VIDEO',
  transcodingUrls: { short: 'https://files.test/spot-480.mp4', poster: 'https://files.test/spot-poster.jpg' },
});
const outro = makeAsset({ name: 'Outro.png', type: 'IMAGE', url: 'https://files.test/outro.png' });

/** The board, and its items answered two per page (the page pages through them all). */
function presentationRoutes(board: Board, items: Asset[], boardAnswer?: FetchHandler) {
  return {
    [`GET ${BRAND_PATH}/boards/${board.id}`]: boardAnswer ?? (() => jsonResponse(board)),
    [`GET ${BRAND_PATH}/assets`]: (request: { url: URL }) => {
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      return listAnswer(items.slice(offset, offset + 2), items.length);
    },
  } satisfies Record<string, FetchHandler>;
}

const counter = () => screen.getByTestId('slide-counter').textContent;
const press = async (user: ReturnType<typeof renderApp>['user'], key: string) => user.keyboard(key);

describe('board presentation (/boards/{id}/present)', () => {
  it("in review mode each slide shows its item's review state", async () => {
    const board = makeBoard({ name: 'Reviewed', reviewMode: true, reviewerIds: ['user-ana'] });
    const state = (assetId: string, value: 'APPROVED' | 'NEEDS_CHANGES') => ({
      assetId,
      state: value,
      decisions: [],
    });
    stubFetch({
      ...presentationRoutes(board, [hero, spot]),
      [`GET ${BRAND_PATH}/boards/${board.id}/reviews`]: () =>
        jsonResponse({
          reviewMode: true,
          reviewerIds: ['user-ana'],
          progress: { total: 2, approved: 1, needsChanges: 1, pending: 0 },
          assets: [state(hero.id, 'APPROVED'), state(spot.id, 'NEEDS_CHANGES')],
        }),
    });
    const { user } = renderApp(link(board));
    await screen.findByTestId('presentation-cover', {}, { timeout: 5000 });
    await waitFor(() => expect(counter()).toBe('1 / 3'));
    await press(user, '{ArrowRight}');
    expect((await screen.findByTestId('review-pill')).textContent).toBe('Approved');
    await press(user, '{ArrowRight}');
    await waitFor(() => expect(screen.getByTestId('review-pill').textContent).toBe('Changes requested'));
  });

  it('a visitor with the link: the cover, then one slide per item in order, moved with ←, → and Space', async () => {
    const board = makeBoard({
      name: 'Summer launch',
      status: 'IN_REVIEW',
      description: 'Three hooks to pick from',
    });
    const network = stubFetch(presentationRoutes(board, [hero, spot, outro]));
    const { user } = renderApp(link(board));

    const cover = await screen.findByTestId('presentation-cover', {}, { timeout: 5000 });
    expect(within(cover).getByRole('heading', { name: 'Summer launch' })).toBeTruthy();
    expect(within(cover).getByTestId('board-status').textContent).toBe('In review');
    expect(within(cover).getByText('Three hooks to pick from')).toBeTruthy();
    expect(screen.getByTestId('powered-by')).toBeTruthy();
    // Every page of the board's items, oldest first, asked with the link's token.
    await waitFor(() => expect(counter()).toBe('1 / 4'));
    const lists = network.to(`${BRAND_PATH}/assets`);
    expect(lists.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '2']);
    for (const list of lists) {
      expect(list.url.searchParams.get('boardId')).toBe(board.id);
      expect(list.url.searchParams.get('sort')).toBe('createdAt');
      expect(list.url.searchParams.get('order')).toBe('asc');
      expect(list.headers.get('X-Share-Token')).toBe('link-token');
    }

    await press(user, '{ArrowRight}');
    expect(counter()).toBe('2 / 4');
    const image = screen.getByTestId('presentation-image');
    expect(image.getAttribute('src')).toBe('https://files.test/hero-1280.webp');
    expect(screen.getByTestId('presentation-item-name').textContent).toBe('Hero.png');

    await press(user, ' ');
    expect(counter()).toBe('3 / 4');
    const video = screen.getByTestId('presentation-video');
    expect(video.getAttribute('src')).toBe('https://files.test/spot-480.mp4');
    expect(video.getAttribute('poster')).toBe('https://files.test/spot-poster.jpg');

    await press(user, '{ArrowRight}');
    await press(user, '{ArrowRight}');
    // The last slide stays the last.
    expect(counter()).toBe('4 / 4');
    expect(screen.getByTestId('presentation-item-name').textContent).toBe('Outro.png');

    await press(user, '{ArrowLeft}');
    expect(counter()).toBe('3 / 4');
    await press(user, '{Home}');
    expect(counter()).toBe('1 / 4');
    await press(user, '{ArrowLeft}');
    expect(counter()).toBe('1 / 4');

    // Escape takes a visitor nowhere; there is no way out to offer.
    await press(user, '{Escape}');
    expect(screen.getByTestId('presentation')).toBeTruthy();
    expect(screen.queryByTestId('presentation-leave')).toBeNull();
  }, 20_000);

  it('the side buttons move too, and are off at either end', async () => {
    const board = makeBoard({ name: 'Two' });
    stubFetch(presentationRoutes(board, [hero]));
    const { user } = renderApp(link(board));
    await waitFor(() => expect(counter()).toBe('1 / 2'), { timeout: 5000 });
    const previous = screen.getByTestId('presentation-previous') as HTMLButtonElement;
    const next = screen.getByTestId('presentation-next') as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await user.click(next);
    expect(counter()).toBe('2 / 2');
    expect(next.disabled).toBe(true);
    await user.click(previous);
    expect(counter()).toBe('1 / 2');
  });

  it('a member leaves with Escape to the board page', async () => {
    const board = makeBoard({ name: 'Summer launch' });
    signIn({ routes: presentationRoutes(board, [hero]) });
    const { user, router } = renderApp(link(board, null));
    await waitFor(() => expect(counter()).toBe('1 / 2'), { timeout: 5000 });
    await press(user, '{ArrowRight}');
    expect(counter()).toBe('2 / 2');
    await press(user, '{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/boards/${board.id}`));
    expect(new URLSearchParams(router.state.location.search).get('brandId')).toBe(acme.id);
  });

  it('an expired link says so; a removed one says the page is no longer available', async () => {
    const board = makeBoard({ name: 'Gone' });
    stubFetch(presentationRoutes(board, [], () => errorResponse(410, { code: 'gone', message: 'Expired' })));
    const first = renderApp(link(board));
    expect(await screen.findByText('Your link has expired', {}, { timeout: 5000 })).toBeTruthy();
    first.unmount();

    stubFetch(presentationRoutes(board, [], () => errorResponse(401, { message: 'Unauthorized' })));
    renderApp(link(board));
    const unavailable = await screen.findByTestId('shared-link-unavailable', {}, { timeout: 5000 });
    expect(within(unavailable).getByTestId('powered-by')).toBeTruthy();
  });
});
