import type { Board } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { boardRoutes, listAnswer, makeBoard } from '../../test/boards-api';

const QUERY = `?accountId=${acme.accountId}&brandId=${acme.id}`;

function setup(board: Board, routes: Record<string, FetchHandler> = {}) {
  const network = signIn({ routes: { ...boardRoutes([board]), ...routes } });
  return { ...renderApp(`/boards/${board.id}${QUERY}`), network };
}

describe('board page: add from library', () => {
  const onBoard = makeAsset({ name: 'Hero.mp4' });
  const campaign = makeAsset({ name: 'Campaign', type: 'FOLDER' });
  const logo = makeAsset({ name: 'Logo.png', type: 'IMAGE', parentId: campaign.id });

  function withContent(board: Board) {
    return setup(board, {
      [`GET ${BRAND_PATH}/assets`]: (request) => {
        const query = request.url.searchParams;
        if (query.get('boardId') === board.id) return listAnswer([onBoard]);
        if (query.get('parentId') === 'root') return listAnswer([campaign, onBoard]);
        if (query.get('parentId') === campaign.id) return listAnswer([logo]);
        return listAnswer([]);
      },
      [`PUT ${BRAND_PATH}/library/bulk`]: () => jsonResponse({ updatedEntities: [logo.id] }),
    });
  }

  it('opens from the Add menu, browses into a folder, picks a file and adds it with the boardId', async () => {
    const board = makeBoard({ name: 'Launch', assetCount: 1 });
    const { user, network } = withContent(board);
    await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 });
    await user.click(screen.getByTestId('upload-button'));
    await user.click(await screen.findByRole('menuitem', { name: 'Add from library' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add from library' }, { timeout: 10_000 });
    // Folders open, they cannot be picked.
    const root = await within(dialog).findByTestId('add-from-library-list');
    expect(within(root).getByRole('checkbox', { name: 'Folders cannot be added to a board' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByTestId('add-from-library-submit')).toHaveProperty('disabled', true);
    await user.click(within(root).getByRole('button', { name: 'Open Campaign' }));

    await within(dialog).findByRole('checkbox', { name: 'Pick Logo.png' });
    expect(within(dialog).getByTestId('add-from-library-trail').textContent).toContain('Campaign');
    const listed = network
      .to(`${BRAND_PATH}/assets`)
      .find((r) => r.url.searchParams.get('parentId') === campaign.id);
    expect(listed?.url.searchParams.get('limit')).toBe('40');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Pick Logo.png' }));
    expect(within(dialog).getByTestId('add-from-library-count').textContent).toBe('1 file picked');
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 to board' }));

    await waitFor(() => expect(network.to(`${BRAND_PATH}/library/bulk`)).toHaveLength(1));
    const request = network.to(`${BRAND_PATH}/library/bulk`)[0];
    expect(request?.method).toBe('PUT');
    expect(request?.body).toEqual({
      entities: [{ id: logo.id, library: 'BRAND' }],
      updateQuery: { boardId: board.id },
    });
    expect(await screen.findByText('Added 1 item to Launch')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add from library' })).toBeNull());
  });
});
