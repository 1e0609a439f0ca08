import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';
import { renderApp } from '@/test/render';
import { boardRoutes, listAnswer, makeBoard } from '../test/boards-api';

const QUERY = `?accountId=${acme.accountId}&brandId=${acme.id}`;
/** The page, not the sidebar (which lists the brand's boards too). */
const page = () => within(screen.getByTestId('boards-page'));

function setup(path: string, routes: Record<string, FetchHandler>) {
  const network = signIn({ routes });
  return { ...renderApp(`${path}${QUERY}`), network };
}

describe('boards pages', () => {
  it('an empty brand offers to create the first board', async () => {
    setup('/boards', boardRoutes([]));
    const empty = await screen.findByTestId('boards-empty', {}, { timeout: 3000 });
    expect(within(empty).getByText('No boards yet')).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Create your first board' })).toBeTruthy();
    expect(screen.getByTestId('boards-count').textContent).toBe('0 boards');
  });

  it('boards shared with me have their own empty state and no new-board button', async () => {
    const { network } = setup('/boards/shared', boardRoutes([]));
    const empty = await screen.findByTestId('boards-empty', {}, { timeout: 3000 });
    expect(within(empty).getByText('Boards shared with you appear here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /board/i })).toBeNull();
    const request = network.to(`${BRAND_PATH}/boards`).find((r) => r.url.searchParams.has('isShared'));
    expect(request?.url.searchParams.get('isShared')).toBe('true');
    expect(request?.url.searchParams.get('limit')).toBe('20');
  });

  it('my boards ask for mine', async () => {
    const { network } = setup('/boards/me', boardRoutes([]));
    await screen.findByTestId('boards-empty', {}, { timeout: 3000 });
    const mine = network.to(`${BRAND_PATH}/boards`).filter((r) => r.url.searchParams.get('mine') === 'true');
    expect(mine).toHaveLength(1);
    expect(screen.getByTestId('page-title').textContent).toBe('My boards');
  });

  it('shows 20 skeletons while loading, then cards with thumbnail or placeholder, name, count and status', async () => {
    const waiting: Array<(response: Response) => void> = [];
    const launch = makeBoard({
      name: 'Launch',
      assetCount: 3,
      status: 'IN_REVIEW',
      thumbnailUrl: '/thumb.webp',
    });
    const draft = makeBoard({ name: 'Draft ideas', assetCount: 1 });
    setup('/boards', {
      ...boardRoutes([launch, draft]),
      [`GET ${BRAND_PATH}/boards`]: () =>
        new Promise<Response>((resolve) => {
          waiting.push(resolve);
        }),
    });
    await waitFor(() => expect(screen.getAllByTestId('board-skeleton')).toHaveLength(20), { timeout: 3000 });
    for (const answer of waiting) answer(listAnswer([launch, draft]));
    const card = await page().findByRole('link', { name: /Launch\b/ });
    expect(within(card).getByTestId('board-asset-count').textContent).toBe('3 assets');
    expect(within(card).getByTestId('board-status').textContent).toBe('In review');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/thumb.webp');
    const other = page().getByRole('link', { name: /Draft ideas/ });
    expect(within(other).getByTestId('board-placeholder')).toBeTruthy();
    expect(within(other).getByTestId('board-asset-count').textContent).toBe('1 asset');
    expect(card.getAttribute('href')).toBe(`/boards/${launch.id}${QUERY}`);
    expect(screen.queryAllByTestId('board-skeleton')).toHaveLength(0);
  });

  it('loads the next 20 boards as the list scrolls', async () => {
    const boards = Array.from({ length: 25 }, (_, i) =>
      makeBoard({ name: `Board ${String(i).padStart(2, '0')}` }),
    );
    const { network } = setup('/boards', boardRoutes(boards));
    await screen.findByTestId('boards-grid', {}, { timeout: 3000 });
    await page().findByRole('link', { name: /Board 00\b/ });
    // happy-dom lays nothing out: the first page does not fill the window, so the next loads.
    await page().findByRole('link', { name: /Board 24\b/ });
    const offsets = network.to(`${BRAND_PATH}/boards`).map((r) => r.url.searchParams.get('offset'));
    // The sidebar's first page, and the page's two.
    expect(offsets.sort()).toEqual(['0', '0', '20']);
    expect(screen.getByTestId('boards-count').textContent).toBe('25 boards');
  });

  it("shared boards' links carry their account and brand", async () => {
    const theirs = makeBoard({ name: 'Partner board', accountId: 'acc-partner', brandId: 'brand-partner' });
    setup('/boards/shared', {
      [`GET ${BRAND_PATH}/boards`]: () => listAnswer([theirs]),
    });
    await screen.findByTestId('boards-grid', {}, { timeout: 3000 });
    const card = await page().findByRole('link', { name: /Partner board\b/ });
    const href = new URL(card.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe(`/boards/${theirs.id}`);
    expect(href.searchParams.get('accountId')).toBe('acc-partner');
    expect(href.searchParams.get('brandId')).toBe('brand-partner');
  });

  it('creating a board: the button waits for a name, then the board opens', async () => {
    const created = makeBoard({ name: 'Summer launch' });
    const { user, network, router } = setup('/boards', {
      ...boardRoutes([]),
      [`POST ${BRAND_PATH}/boards`]: () => jsonResponse(created, { status: 201 }),
      [`GET ${BRAND_PATH}/boards/${created.id}`]: () => jsonResponse(created),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Create your first board' }, { timeout: 3000 }),
    );
    // One board type: the type chooser is skipped.
    const dialog = await screen.findByRole('dialog', { name: 'Create board' });
    expect(screen.queryByText('Choose what kind of board to start with.')).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Create board' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    const name = within(dialog).getByRole('textbox', { name: /Board name/ });
    await user.type(name, '   ');
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.clear(name);
    await user.type(name, ' Summer launch ');
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/boards/${created.id}`));
    expect(network.to(`${BRAND_PATH}/boards`).find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Summer launch',
    });
    expect(await screen.findByTestId('board-page')).toBeTruthy();
  });
});
