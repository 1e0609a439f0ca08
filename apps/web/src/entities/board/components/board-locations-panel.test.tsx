import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBoard, makeLocation } from '@/test/boards';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { acme } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderRoutes } from '@/test/render';
import { BoardLocationsPanel } from './board-locations-panel';

const scope = { accountId: acme.accountId, brandId: acme.id };
const clip = makeAsset({ name: 'Hook A.mp4' });

function setup() {
  const launch = makeBoard({ name: 'Summer launch', thumbnailUrl: '/thumbs/summer.jpg' });
  const hooks = makeBoard({ name: 'Hooks Q4' });
  let locations = [makeLocation(launch, 'asset'), makeLocation(hooks, 'boardAsset')];
  const network = stubFetch({
    [`GET ${BRAND_PATH}/boards/locations`]: () => jsonResponse(locations),
    [`DELETE ${BRAND_PATH}/boards/${hooks.id}/assets`]: () => {
      locations = locations.filter((l) => l.boardId !== hooks.id);
      return jsonResponse({ removed: [clip.id], failed: [] });
    },
  });
  const rendered = renderRoutes([{ path: '/', element: <BoardLocationsPanel scope={scope} asset={clip} /> }]);
  return { ...rendered, network, launch, hooks };
}

describe("the player's boards tab", () => {
  it('lists the boards the item is on: uploaded here, or added from the library, each linking to its board', async () => {
    const { network, launch, hooks } = setup();
    const rows = await screen.findAllByTestId('board-location');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Summer launchUploaded here',
      'Hooks Q4Added from library',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Summer launch' }).getAttribute('href')).toBe(
      `/boards/${launch.id}?accountId=${acme.accountId}&brandId=${acme.id}`,
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Hooks Q4' }).getAttribute('href')).toContain(
      `/boards/${hooks.id}?`,
    );
    expect(network.to(`${BRAND_PATH}/boards/locations`)[0]?.url.searchParams.get('assetId')).toBe(clip.id);
  });

  it('removing asks first, takes the item off that board and refreshes the list', async () => {
    const { user, network, hooks } = setup();
    await screen.findAllByTestId('board-location');
    await user.click(screen.getByRole('button', { name: 'Remove from board: Hooks Q4' }));
    expect(await screen.findByText(/Remove this item from Hooks Q4\?/)).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/boards/${hooks.id}/assets`)).toHaveLength(0);
    await user.click(screen.getByTestId('confirm-remove-from-board'));
    await waitFor(() => expect(screen.getAllByTestId('board-location')).toHaveLength(1));
    const [removal] = network.to(`${BRAND_PATH}/boards/${hooks.id}/assets`);
    expect(removal?.method).toBe('DELETE');
    expect(removal?.body).toEqual({ assetIds: [clip.id] });
    expect(network.to(`${BRAND_PATH}/boards/locations`)).toHaveLength(2);
    expect(await screen.findByText('Removed from Hooks Q4')).toBeTruthy();
  });

  it('an item on no board says so and offers Add to board', async () => {
    stubFetch({ [`GET ${BRAND_PATH}/boards/locations`]: () => jsonResponse([]) });
    renderRoutes([{ path: '/', element: <BoardLocationsPanel scope={scope} asset={clip} /> }]);
    expect(await screen.findByText('Not on any board yet')).toBeTruthy();
    expect(screen.getByTestId('boards-tab-add')).toBeTruthy();
  });
});
