import type { Board } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { boardRoutes, listAnswer, makeBoard } from '../test/boards-api';

const QUERY = `?accountId=${acme.accountId}&brandId=${acme.id}`;

function setup(board: Board, routes: Record<string, FetchHandler> = {}) {
  const network = signIn({ routes: { ...boardRoutes([board]), ...routes } });
  const rendered = renderApp(`/boards/${board.id}${QUERY}`);
  return {
    ...rendered,
    network,
    puts: () => network.to(`${BRAND_PATH}/boards/${board.id}`).filter((r) => r.method === 'PUT'),
  };
}

const header = async () => screen.findByTestId('board-page', {}, { timeout: 3000 });

describe('board page: title (000 §5)', () => {
  it('an empty or blank title is not saved: titleRequired shows and the previous title comes back', async () => {
    const board = makeBoard({ name: 'Summer launch' });
    const { user, puts } = setup(board);
    await header();
    await user.click(screen.getByTestId('board-title'));
    const input = screen.getByTestId('board-title-input');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(await screen.findByText('A board needs a title. The previous title was kept.')).toBeTruthy();
    expect(screen.getByTestId('board-title').textContent).toBe('Summer launch');
    expect(puts()).toHaveLength(0);

    // Left empty (blur) the same.
    await user.click(screen.getByTestId('board-title'));
    await user.clear(screen.getByTestId('board-title-input'));
    await user.click(document.body);
    expect(screen.getByTestId('board-title').textContent).toBe('Summer launch');
    expect(puts()).toHaveLength(0);
  });

  it('a new title is saved trimmed; a refused one is put back with the saveError warning', async () => {
    const board = makeBoard({ name: 'Summer launch' });
    let refuse = false;
    const { user, puts } = setup(board, {
      ...boardRoutes([board], {
        update: () => (refuse ? errorResponse(500, { message: 'boom' }) : undefined),
      }),
    });
    await header();
    await user.click(screen.getByTestId('board-title'));
    await user.clear(screen.getByTestId('board-title-input'));
    await user.type(screen.getByTestId('board-title-input'), '  Autumn launch {Enter}');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ name: 'Autumn launch' });
    await waitFor(() => expect(screen.getByTestId('board-title').textContent).toBe('Autumn launch'));

    refuse = true;
    await user.click(screen.getByTestId('board-title'));
    await user.clear(screen.getByTestId('board-title-input'));
    await user.type(screen.getByTestId('board-title-input'), 'Winter{Enter}');
    expect(
      await screen.findByText('The change could not be saved; the previous value was restored.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('board-title').textContent).toBe('Autumn launch'));
  });
});

describe('board page: status (000 §4 "Board status")', () => {
  it('shows the new status at once and confirms it with a toast', async () => {
    const board = makeBoard({ name: 'Launch' });
    const { user, puts } = setup(board);
    await header();
    await user.click(screen.getByRole('button', { name: /Change status/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Approved' }));
    expect(within(screen.getByTestId('board-status-menu')).getByTestId('board-status').textContent).toBe(
      'Approved',
    );
    expect(await screen.findByText('Your board is now marked as Approved')).toBeTruthy();
    expect(puts()[0]?.body).toEqual({ status: 'APPROVED' });
  });

  it('goes back to the previous status when the change is refused', async () => {
    const board = makeBoard({ name: 'Launch', status: 'IN_REVIEW' });
    let release: () => void = () => undefined;
    const { user } = setup(board, {
      ...boardRoutes([board], {
        update: () => undefined,
      }),
      [`PUT ${BRAND_PATH}/boards/${board.id}`]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(errorResponse(500, { message: 'boom' }));
        }),
    });
    await header();
    await user.click(screen.getByRole('button', { name: /Change status/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Launched' }));
    const pill = () =>
      within(screen.getByTestId('board-status-menu')).getByTestId('board-status').textContent;
    // Optimistic: the new status shows while the server answers.
    expect(pill()).toBe('Launched');
    release();
    await waitFor(() => expect(pill()).toBe('In review'));
    expect(await screen.findByText('Failed to save changes. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/is now marked as/)).toBeNull();
  });
});

describe('board page: menu and delete', () => {
  it('delete asks first, and can also delete the files uploaded to the board', async () => {
    const board = makeBoard({ name: 'Launch', uploadedCount: 3 });
    const { user, network, router } = setup(board, {
      [`DELETE ${BRAND_PATH}/boards/${board.id}`]: () => jsonResponse({ ok: true }),
    });
    await header();
    await user.click(screen.getByRole('button', { name: 'Board actions' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Share',
      'Present',
      'Download',
      'Delete board',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Delete board' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete board' });
    const box = await within(dialog).findByRole('checkbox', {
      name: 'Also delete the 3 files uploaded to this board',
    });
    expect(network.to(`${BRAND_PATH}/boards/${board.id}`).some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Delete board' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/boards'));
    const request = network.to(`${BRAND_PATH}/boards/${board.id}`).find((r) => r.method === 'DELETE');
    expect(request?.url.searchParams.get('deleteUploadedFiles')).toBe('true');
    expect(await screen.findByText('Board deleted')).toBeTruthy();
  });

  it('a board I may not change only downloads, and its title is plain text', async () => {
    const board = makeBoard({
      name: 'Their board',
      can: { update: false, comment: true, invite: false, delete: false, review: false },
    });
    const { user } = setup(board);
    await header();
    expect(screen.getByTestId('board-title').tagName).toBe('H1');
    expect(screen.queryByRole('button', { name: /Change status/ })).toBeNull();
    expect(screen.queryByTestId('upload-button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Board actions' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Download']);
  });

  it('an unknown board says so, with a way back to the boards', async () => {
    const board = makeBoard({ name: 'Gone' });
    setup(board, {
      [`GET ${BRAND_PATH}/boards/${board.id}`]: () => errorResponse(404, { message: 'Not found' }),
    });
    const view = await screen.findByTestId('board-not-found', {}, { timeout: 3000 });
    expect(within(view).getByText('Board not found')).toBeTruthy();
    expect(within(view).getByText('It may have been deleted, or you lost access.')).toBeTruthy();
    expect(within(view).getByRole('link', { name: 'Back to boards' }).getAttribute('href')).toBe(
      `/boards${QUERY}`,
    );
  });
});

describe('board page: content and bulk bar', () => {
  const a = makeAsset({ name: 'Hero.mp4' });
  const b = makeAsset({ name: 'Logo.png', type: 'IMAGE' });

  function withContent(board: Board, remove: FetchHandler) {
    return setup(board, {
      [`GET ${BRAND_PATH}/assets`]: (request) =>
        request.url.searchParams.get('boardId') === board.id ? listAnswer([a, b]) : listAnswer([]),
      [`DELETE ${BRAND_PATH}/boards/${board.id}/assets`]: remove,
    });
  }

  it('lists the board through the library with boardId, sorted by name ascending', async () => {
    const board = makeBoard({ name: 'Launch', assetCount: 2 });
    const { network } = withContent(board, () => jsonResponse({ removed: [], failed: [] }));
    await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 });
    const request = network
      .to(`${BRAND_PATH}/assets`)
      .find((r) => r.url.searchParams.get('boardId') === board.id);
    expect(request?.url.searchParams.get('sort')).toBe('name');
    expect(request?.url.searchParams.get('order')).toBe('asc');
    expect(request?.url.searchParams.get('limit')).toBe('40');
    expect(screen.getByTestId('board-asset-count').textContent).toBe('2 assets');
  });

  it("the bulk bar's 'Add to board' opens the board picker for the picked items", async () => {
    const board = makeBoard({ name: 'Launch', assetCount: 2 });
    const { user } = withContent(board, () => jsonResponse({ removed: [], failed: [] }));
    await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Hero.mp4' }));
    await user.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Add to board' }));
    expect(await screen.findByText('Add Hero.mp4 to a board', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('removing asks with the count; a partial failure says how many were removed', async () => {
    const board = makeBoard({ name: 'Launch', assetCount: 2 });
    const { user, network } = withContent(board, () => jsonResponse({ removed: [a.id], failed: [b.id] }));
    await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Hero.mp4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Logo.png' }));
    const bar = screen.getByTestId('bulk-bar');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent || button.getAttribute('aria-label')),
    ).toEqual(['Download', 'Add to board', 'Remove from board', 'Clear selection']);
    await user.click(within(bar).getByRole('button', { name: 'Remove from board' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from board' });
    expect(within(dialog).getByText('Remove 2 assets from this board?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('1 of 2 assets were removed from the board.')).toBeTruthy();
    const request = network.to(`${BRAND_PATH}/boards/${board.id}/assets`)[0];
    expect(request?.method).toBe('DELETE');
    expect(request?.body).toEqual({ assetIds: [a.id, b.id] });
  });

  it("'Failed to Remove Assets' when none could be removed", async () => {
    const board = makeBoard({ name: 'Launch', assetCount: 2 });
    const { user } = withContent(board, () => jsonResponse({ removed: [], failed: [a.id] }));
    await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Hero.mp4' }));
    await user.click(
      within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Remove from board' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from board' });
    expect(within(dialog).getByText('Remove 1 asset from this board?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to Remove Assets')).toBeTruthy();
  });

  it('an empty board invites to upload', async () => {
    const board = makeBoard({ name: 'Launch' });
    setup(board);
    const empty = await screen.findByTestId('board-empty', {}, { timeout: 3000 });
    expect(within(empty).getByText('This board is empty.')).toBeTruthy();
    expect(screen.getByTestId('upload-button').textContent).toContain('Add');
  });
});

describe('board page: description', () => {
  it('is saved 1 s after typing stops; a failed save keeps the text and says so', async () => {
    const board = makeBoard({ name: 'Launch' });
    let refuse = false;
    const { user, puts } = setup(board, {
      ...boardRoutes([board], {
        update: () => (refuse ? errorResponse(500, { message: 'boom' }) : undefined),
      }),
      // The plain description (the rich one, with the flag on: rich-description/).
      'GET /api/feature-flags': () => jsonResponse({ boardTemplates: false }),
    });
    await header();
    const input = await screen.findByTestId('board-description-input');
    await user.type(input, 'For the summer drop');
    expect(puts()).toHaveLength(0);
    await waitFor(() => expect(puts()).toHaveLength(1), { timeout: 2500 });
    expect(puts()[0]?.body).toEqual({ description: 'For the summer drop' });

    refuse = true;
    await user.type(input, '!');
    await user.click(document.body);
    expect(await screen.findByText('Failed to save changes. Please try again.')).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('For the summer drop!');
    expect(puts()).toHaveLength(2);
  });
});

describe('board page: refetch after a change (000 §4 "Board page refetch")', () => {
  it('after a removal the list refetches every 2 s until the items are gone', async () => {
    const board = makeBoard({ name: 'Launch', assetCount: 2 });
    const a = makeAsset({ name: 'Hero.mp4' });
    const b = makeAsset({ name: 'Logo.png', type: 'IMAGE' });
    let listed = [a, b];
    const { user, network } = setup(board, {
      [`GET ${BRAND_PATH}/assets`]: () => listAnswer(listed),
      [`DELETE ${BRAND_PATH}/boards/${board.id}/assets`]: () => jsonResponse({ removed: [a.id], failed: [] }),
    });
    const lists = () =>
      network.to(`${BRAND_PATH}/assets`).filter((r) => r.url.searchParams.get('boardId') === board.id).length;
    await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select Hero.mp4' }));
    await user.click(
      within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Remove from board' }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('1 asset removed from the board');
    // The server has not dropped it from the list yet: asked again every 2 s.
    await waitFor(() => expect(lists()).toBeGreaterThanOrEqual(2));
    const before = lists();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await waitFor(() => expect(lists()).toBe(before + 1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await waitFor(() => expect(lists()).toBe(before + 2));
    // It is gone now: one more answer and the polling stops.
    listed = [b];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Hero.mp4' })).toBeNull());
    const settled = lists();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(lists()).toBe(settled);
  });
});
