import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetItem } from '@/entities/asset/api/keys';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { acme } from '@/test/identity';
import { BRAND_PATH, folder, makeAsset } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import { type LibraryActions, useLibraryActions } from './use-library-actions';

const scope = { accountId: acme.accountId, brandId: acme.id };
const item = (asset: ReturnType<typeof makeAsset>): AssetItem => ({
  ...asset,
  createdAt: new Date(asset.createdAt),
});

function Harness({ onReady }: { onReady: (actions: LibraryActions) => void }) {
  const actions = useLibraryActions(scope);
  onReady(actions);
  return actions.dialogs;
}

function setup() {
  const shoot = folder('Shoot');
  const children = Array.from({ length: 45 }, (_, i) =>
    makeAsset({ name: `Clip ${String(i).padStart(2, '0')}.mp4`, parentId: shoot.id }),
  );
  const network = stubFetch({
    [`GET ${BRAND_PATH}/assets`]: (request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      const limit = Number(request.url.searchParams.get('limit'));
      return jsonResponse(children.slice(offset, offset + limit), { headers: { 'x-total-count': '45' } });
    },
    [`POST ${BRAND_PATH}/library/download`]: () =>
      jsonResponse({ jobId: 'job-zip', status: 'success', result: '/zips/shoot.zip', error: null }),
    [`POST ${BRAND_PATH}/library/download-stream`]: () => jsonResponse({ href: '/files/clip.mp4' }),
  });
  let actions: LibraryActions | undefined;
  renderWithProviders(<Harness onReady={(a) => (actions = a)} />);
  return { network, shoot, children, actions: () => actions as LibraryActions };
}

describe('library download actions', () => {
  it('a select-all past the loaded pages zips every child of the folder', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { network, shoot, children, actions } = setup();
    const loaded = children.slice(0, 40).map(item);
    await act(() => actions().downloadMany({ items: loaded, parentId: shoot.id, all: true, count: 45 }));

    const pages = network.to(`${BRAND_PATH}/assets`).map((r) => r.url.searchParams.get('offset'));
    expect(pages).toEqual(['0', '40']);
    expect(network.to(`${BRAND_PATH}/assets`)[0]?.url.searchParams.get('parentId')).toBe(shoot.id);
    const [zip] = network.to(`${BRAND_PATH}/library/download`);
    expect(zip?.body).toEqual({ entities: children.map((c) => ({ id: c.id, library: 'BRAND' })) });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/zips/shoot.zip'));
  });

  it('a picked selection zips what is picked; a single file downloads directly', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { network, shoot, children, actions } = setup();
    const [first, second] = children.map(item);
    if (!first || !second) throw new Error('fixtures');
    await act(() => actions().downloadMany({ items: [first, second], parentId: shoot.id }));
    expect(network.to(`${BRAND_PATH}/assets`)).toHaveLength(0);
    expect(network.to(`${BRAND_PATH}/library/download`)[0]?.body).toEqual({
      entities: [
        { id: first.id, library: 'BRAND' },
        { id: second.id, library: 'BRAND' },
      ],
    });

    await act(() => actions().downloadMany({ items: [first], parentId: shoot.id }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/library/download-stream`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/library/download`)).toHaveLength(1);
  });
});
