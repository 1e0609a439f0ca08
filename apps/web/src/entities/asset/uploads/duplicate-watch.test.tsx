import type { Asset } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import { watchForDuplicates } from './duplicate-watch';

const scope = { accountId: acme.accountId, brandId: acme.id };
const original = makeAsset({ name: 'Summer hero.jpg', type: 'IMAGE' });
const detailPath = (asset: Asset) => `${BRAND_PATH}/library/BRAND/${asset.id}`;
const resolutionPath = (asset: Asset) => `${BRAND_PATH}/assets/${asset.id}/duplicate-resolution`;

/** A file's detail: processing for the first `processingRounds` asks, then as given. */
function detail(asset: Asset, processingRounds = 0): FetchHandler {
  let asked = 0;
  return () => {
    asked += 1;
    const state = asked <= processingRounds ? 'UPLOADED_GENERATING_THUMBNAIL' : asset.uploadingState;
    return jsonResponse({ ...asset, uploadingState: state, ancestors: [] });
  };
}

function setup(assets: Asset[], routes: Record<string, FetchHandler> = {}, processingRounds = 0) {
  const network = signIn({
    routes: {
      ...Object.fromEntries(
        assets.map((asset) => [`GET ${detailPath(asset)}`, detail(asset, processingRounds)]),
      ),
      ...routes,
    },
  });
  const rendered = renderWithProviders(<div />);
  const controller = new AbortController();
  const watch = () =>
    watchForDuplicates({
      queryClient: rendered.queryClient,
      scope,
      assetIds: assets.map((asset) => asset.id),
      signal: controller.signal,
    });
  return { ...rendered, network, controller, watch };
}

const copyOf = (name: string, identical = false) =>
  makeAsset({ name, type: 'IMAGE', duplicateOf: { id: original.id, name: original.name, identical } });

describe('duplicates after an upload', () => {
  it('waits for processing, then offers Keep both and Skip for a duplicate; Skip posts SKIP', async () => {
    const copy = copyOf('Summer hero copy.jpg');
    const plain = makeAsset({ name: 'Other.jpg', type: 'IMAGE' });
    const { network, user, watch } = setup(
      [copy, plain],
      { [`POST ${resolutionPath(copy)}`]: () => jsonResponse({ assetId: copy.id, action: 'SKIP' }) },
      1,
    );
    const found = await watch();
    expect(found.map((asset) => asset.name)).toEqual(['Summer hero copy.jpg']);
    // Asked while processing, then once more when processed.
    expect(network.to(detailPath(copy))).toHaveLength(2);

    const notice = await screen.findByTestId('duplicate-notice');
    expect(within(notice).getByText('Looks like a duplicate of Summer hero.jpg')).toBeTruthy();
    expect(screen.getByText('Summer hero copy.jpg')).toBeTruthy();
    expect(screen.getAllByTestId('duplicate-notice')).toHaveLength(1);

    await user.click(within(notice).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(network.to(resolutionPath(copy))).toHaveLength(1));
    const request = network.to(resolutionPath(copy))[0]!;
    expect(request.method).toBe('POST');
    expect(request.body).toEqual({ action: 'SKIP' });
    await waitFor(() => expect(screen.queryByTestId('duplicate-notice')).toBeNull());
  });

  it('an identical file says so; Keep both posts KEEP_BOTH', async () => {
    const copy = copyOf('Hero again.jpg', true);
    const { network, user, watch } = setup([copy], {
      [`POST ${resolutionPath(copy)}`]: () => jsonResponse({ assetId: copy.id, action: 'KEEP_BOTH' }),
    });
    await watch();
    const notice = await screen.findByTestId('duplicate-notice');
    expect(within(notice).getByText('Identical to Summer hero.jpg')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(network.to(resolutionPath(copy))).toHaveLength(1));
    expect(network.to(resolutionPath(copy))[0]?.body).toEqual({ action: 'KEEP_BOTH' });
    await waitFor(() => expect(screen.queryByTestId('duplicate-notice')).toBeNull());
  });

  it('a failed resolution keeps the notice and shows the error', async () => {
    const copy = copyOf('Hero again.jpg');
    const { user, watch } = setup([copy], {
      [`POST ${resolutionPath(copy)}`]: () =>
        errorResponse(409, {
          code: 'conflict',
          title: 'Conflict',
          message: 'This file is not marked as a duplicate',
        }),
    });
    await watch();
    const notice = await screen.findByTestId('duplicate-notice');
    await user.click(within(notice).getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('This file is not marked as a duplicate')).toBeTruthy();
    expect(screen.getByTestId('duplicate-notice')).toBeTruthy();
    expect((within(notice).getByRole('button', { name: 'Skip' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('no notice when nothing is a duplicate', async () => {
    const { watch } = setup([makeAsset({ name: 'Fresh.jpg', type: 'IMAGE' })]);
    expect(await watch()).toEqual([]);
    expect(screen.queryByTestId('duplicate-notice')).toBeNull();
  });

  it('more than 3 duplicates in one upload: one notice pointing to the duplicates page', async () => {
    const copies = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((name) => copyOf(name));
    const { watch } = setup(copies);
    await watch();
    const notice = await screen.findByTestId('duplicates-notice');
    expect(within(notice).getByText('4 files look like duplicates')).toBeTruthy();
    const link = within(notice).getByRole('link', { name: 'Review duplicates' });
    expect(link.getAttribute('href')).toBe(
      `/library/duplicates?accountId=${acme.accountId}&brandId=${acme.id}`,
    );
    expect(screen.queryByTestId('duplicate-notice')).toBeNull();
  });

  it('stops asking once aborted (the app unmounted) and shows nothing', async () => {
    const copy = copyOf('Late.jpg');
    const { network, controller, watch } = setup([copy], {}, 100);
    const done = watch();
    await waitFor(() => expect(network.to(detailPath(copy))).toHaveLength(1));
    controller.abort();
    await done;
    const asked = network.to(detailPath(copy)).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(network.to(detailPath(copy))).toHaveLength(asked);
    expect(screen.queryByTestId('duplicate-notice')).toBeNull();
  });
});
