import type { Asset } from '@hookline/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp, renderRoutes } from '@/test/render';
import { MediaPlayer } from './media-player';

const SAVE_ERROR = 'The change could not be saved; the previous value was restored.';
const descriptionPath = (asset: Asset) => `${BRAND_PATH}/assets/${asset.id}/description`;

function openOverview(asset: Asset, save: FetchHandler) {
  const network = signIn({
    routes: { ...libraryRoutes([asset]), [`PUT ${descriptionPath(asset)}`]: save },
  });
  const rendered = renderApp(`/library/assets/root/${asset.id}/overview`);
  return { ...rendered, network };
}

const field = () => screen.findByRole('textbox', { name: 'Description' });
const counter = () => screen.getByTestId('player-description-count').textContent;

describe('player overview: description', () => {
  it('counts as you type and saves on blur with the typed text', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', description: 'Old' });
    const { user, network } = openOverview(clip, (request) =>
      jsonResponse({ ...clip, description: (request.body as { description: string }).description }),
    );
    const input = await field();
    expect((input as HTMLTextAreaElement).value).toBe('Old');
    expect(counter()).toBe('3 / 1000');

    await user.clear(input);
    await user.type(input, 'Opening shot');
    expect(counter()).toBe('12 / 1000');
    expect(network.to(descriptionPath(clip))).toHaveLength(0);

    fireEvent.blur(input);
    await waitFor(() => expect(network.to(descriptionPath(clip))).toHaveLength(1));
    expect(network.to(descriptionPath(clip))[0]?.method).toBe('PUT');
    expect(network.to(descriptionPath(clip))[0]?.body).toEqual({ description: 'Opening shot' });
  });

  it('Ctrl+Enter saves; an unchanged value is not sent', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', description: 'Same' });
    const { user, network } = openOverview(clip, (request) =>
      jsonResponse({ ...clip, description: (request.body as { description: string }).description }),
    );
    const input = await field();
    await user.click(input);
    fireEvent.blur(input);
    await user.type(input, ' ');
    fireEvent.blur(input);
    expect(network.to(descriptionPath(clip))).toHaveLength(0);

    await user.type(input, 'r{Control>}{Enter}{/Control}');
    await waitFor(() => expect(network.to(descriptionPath(clip))).toHaveLength(1));
    expect(network.to(descriptionPath(clip))[0]?.body).toEqual({ description: 'Same r' });
  });

  it('a failed save restores the previous text and shows the saveError warning', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', description: 'Keep me' });
    const { user, network } = openOverview(clip, () => errorResponse(500, { message: 'nope' }));
    const input = await field();
    await user.clear(input);
    await user.type(input, 'Lost');
    fireEvent.blur(input);

    expect(await screen.findByText(SAVE_ERROR)).toBeTruthy();
    expect(network.to(descriptionPath(clip))[0]?.body).toEqual({ description: 'Lost' });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe('Keep me'));
    expect(counter()).toBe('7 / 1000');
  });

  it('without write access the description is text only', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', description: 'Read me' });
    signIn({ routes: libraryRoutes([clip]) });
    renderRoutes(
      [
        {
          path: '/library/assets/:folderId/:fileId/:tab',
          element: (
            <MediaPlayer
              scope={{ accountId: acme.accountId, brandId: acme.id }}
              links={{ item: (id, tab) => `/library/assets/root/${id}/${tab}`, close: '/library' }}
              fileId={clip.id}
              tab="overview"
              items={[]}
              hasNextPage={false}
              fetchNextPage={() => undefined}
              canEdit={false}
            />
          ),
        },
      ],
      { initialEntries: [`/library/assets/root/${clip.id}/overview`] },
    );
    expect((await screen.findByTestId('player-description')).textContent).toBe('Read me');
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
  });
});
