import type { Asset } from '@hookline/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('marks the description the AI analysis wrote until the user changes it', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', description: 'A beach at dawn.', isAiDescription: true });
    const { user, network } = openOverview(clip, (request) =>
      jsonResponse({
        ...clip,
        description: (request.body as { description: string }).description,
        isAiDescription: false,
      }),
    );
    const input = await field();
    const mark = screen.getByTestId('ai-description');
    expect(mark.textContent).toBe('Written by the AI analysis');
    // Read with the field: it describes the text box.
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(mark.parentElement?.id);

    await user.type(input, ' Surfers');
    expect(screen.queryByTestId('ai-description')).toBeNull();
    fireEvent.blur(input);
    await waitFor(() => expect(network.to(descriptionPath(clip))).toHaveLength(1));
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe('A beach at dawn. Surfers'));
    expect(screen.queryByTestId('ai-description')).toBeNull();
  });

  it('a person’s description has no mark; the info tab marks the AI’s too', async () => {
    const own = makeAsset({ name: 'Own.mp4', description: 'Written by me' });
    const ai = makeAsset({ name: 'Ai.mp4', description: 'A beach at dawn.', isAiDescription: true });
    signIn({ routes: libraryRoutes([own, ai]) });
    const { unmount } = renderApp(`/library/assets/root/${own.id}/overview`);
    expect(((await field()) as HTMLTextAreaElement).value).toBe('Written by me');
    expect(screen.queryByTestId('ai-description')).toBeNull();
    unmount();

    const ownInfo = renderApp(`/library/assets/root/${own.id}/info`);
    await waitFor(() => expect(screen.getByTestId('player-info').textContent).toContain('Written by me'));
    expect(screen.queryByTestId('ai-description')).toBeNull();
    ownInfo.unmount();

    renderApp(`/library/assets/root/${ai.id}/info`);
    const info = await screen.findByTestId('player-info');
    await waitFor(() => expect(info.textContent).toContain('A beach at dawn.'));
    expect(within(info).getByTestId('ai-description').textContent).toBe('Written by the AI analysis');
  });

  it('without write access the AI’s description is marked as well', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', description: 'A beach at dawn.', isAiDescription: true });
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
    expect((await screen.findByTestId('player-description')).textContent).toBe('A beach at dawn.');
    expect(screen.getByTestId('ai-description').textContent).toBe('Written by the AI analysis');
  });
});
