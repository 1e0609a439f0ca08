import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listAnswer, makeBoard } from '@/test/boards';
import { errorResponse, jsonResponse, type RecordedRequest, stubFetch } from '@/test/fetch-stub';
import { acme } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import { type AssignRequest, AssignToBoardDialog } from './assign-to-board-dialog';

const scope = { accountId: acme.accountId, brandId: acme.id };
const clip = makeAsset({ name: 'Hook A.mp4' });
const still = makeAsset({ name: 'Still.png', type: 'IMAGE' });

function setup({
  boards = [
    makeBoard({ name: 'Summer launch', assetCount: 12, thumbnailUrl: '/thumbs/summer.jpg' }),
    makeBoard({ name: 'Hooks Q4', assetCount: 1 }),
  ],
  total = boards.length,
  assign = () => jsonResponse({ updatedEntities: [clip.id, still.id] }),
}: {
  boards?: ReturnType<typeof makeBoard>[];
  total?: number;
  assign?: (request: RecordedRequest) => Response;
} = {}) {
  const created = makeBoard({ name: 'Fresh ideas' });
  const network = stubFetch({
    [`GET ${BRAND_PATH}/boards`]: (request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      const limit = Number(request.url.searchParams.get('limit'));
      return listAnswer(boards.slice(offset, offset + limit), total);
    },
    [`POST ${BRAND_PATH}/boards`]: (request) =>
      jsonResponse({ ...created, name: (request.body as { name: string }).name }, { status: 201 }),
    [`PUT ${BRAND_PATH}/library/bulk`]: assign,
  });
  const request: AssignRequest = { items: [clip, still] };
  const rendered = renderWithProviders(
    <AssignToBoardDialog scope={scope} request={request} onClose={() => undefined} />,
  );
  return { ...rendered, network, boards, created };
}

const boardLinkOf = (id: string) =>
  `/boards/${id}?accountId=${encodeURIComponent(acme.accountId)}&brandId=${encodeURIComponent(acme.id)}`;

describe('assign to board', () => {
  it("lists the brand's boards with their thumbnail, name and asset count", async () => {
    setup();
    const list = await screen.findByTestId('board-picker-list');
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Summer launch12 assets', 'Hooks Q41 asset']);
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toBe('/thumbs/summer.jpg');
    expect(screen.getByText('Add 2 items to a board')).toBeTruthy();
  });

  it('picking a board adds the items (bulk update with boardId) and the toast links to the board', async () => {
    const { user, network, boards } = setup();
    await user.click(await screen.findByRole('option', { name: /Summer launch/ }));
    const toast = await screen.findByTestId('board-assigned-toast');
    expect(toast.textContent).toBe('Added 2 items to Summer launch');
    const link = within(toast).getByRole('link', { name: 'Summer launch' });
    expect(link.getAttribute('href')).toBe(boardLinkOf(boards[0]!.id));
    const [put] = network.to(`${BRAND_PATH}/library/bulk`);
    expect(put?.body).toEqual({
      entities: [
        { id: clip.id, library: 'BRAND' },
        { id: still.id, library: 'BRAND' },
      ],
      updateQuery: { boardId: boards[0]!.id },
    });
  });

  it('create stays disabled while the name is empty or blank; a typed name creates the board and adds to it', async () => {
    const { user, network, created } = setup({ boards: [] });
    await screen.findByTestId('board-picker-empty');
    const create = screen.getByTestId('create-board-button') as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(screen.getByTestId('board-picker-search'), '   ');
    expect(create.disabled).toBe(true);
    await user.type(screen.getByTestId('board-picker-search'), 'Fresh ideas ');
    expect(create.disabled).toBe(false);
    await user.click(create);
    const toast = await screen.findByTestId('board-assigned-toast');
    expect(toast.textContent).toBe('Added 2 items to Fresh ideas');
    expect(within(toast).getByRole('link').getAttribute('href')).toBe(boardLinkOf(created.id));
    expect(network.to(`${BRAND_PATH}/boards`).find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Fresh ideas',
    });
    expect(network.to(`${BRAND_PATH}/library/bulk`)[0]?.body).toMatchObject({
      updateQuery: { boardId: created.id },
    });
  });

  it("a refused assignment shows 'Failed to assign assets' with the server's message", async () => {
    const { user } = setup({
      assign: () =>
        errorResponse(400, {
          code: 'validation_failed',
          title: 'Bad Request',
          message: 'Folders cannot be added to a board',
          fields: [{ path: 'entities', message: 'Folders cannot be added to a board' }],
        }),
    });
    await user.click(await screen.findByRole('option', { name: /Hooks Q4/ }));
    expect(await screen.findByText('Failed to assign assets')).toBeTruthy();
    expect(screen.getByText('Folders cannot be added to a board')).toBeTruthy();
    expect(screen.queryByTestId('board-assigned-toast')).toBeNull();
    // The dialog stays open to try another board.
    expect(screen.getByTestId('board-picker-list')).toBeTruthy();
  });

  it('typing filters the boards and loads the pages not loaded yet', async () => {
    const boards = Array.from({ length: 25 }, (_, i) => makeBoard({ name: `Board ${i + 1}` }));
    boards[23] = makeBoard({ name: 'Holiday teasers' });
    const { user, network } = setup({ boards });
    await screen.findByRole('option', { name: /Board 1\b/ });
    await user.type(screen.getByTestId('board-picker-search'), 'holiday');
    expect(await screen.findByRole('option', { name: /Holiday teasers/ })).toBeTruthy();
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await waitFor(() =>
      expect(network.to(`${BRAND_PATH}/boards`).map((r) => r.url.searchParams.get('offset'))).toEqual([
        '0',
        '20',
      ]),
    );
  });
});
