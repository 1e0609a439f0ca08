import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/test/identity';
import { libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const clip = makeAsset({ name: 'Hero.mp4', type: 'VIDEO', url: '/api/storage/object?g=hero&s=sig' });

describe('media player focus', () => {
  it('takes focus when opened from a card, so Space plays; gives it back to the card on close', async () => {
    signIn({ routes: libraryRoutes([clip]) });
    const { user } = renderApp('/library/assets');
    const name = within(await screen.findByRole('article', { name: 'Hero.mp4' })).getByTestId('asset-name');

    await user.click(name);
    const player = await screen.findByTestId('media-player');
    await waitFor(() => expect(document.activeElement).toBe(player));

    // Space on the focused player (not the card's button) toggles the video.
    const video = (await screen.findByTestId('video-stage')) as HTMLVideoElement;
    fireEvent.keyDown(player, { key: ' ', code: 'Space' });
    expect(video.paused).toBe(false);
    fireEvent.keyDown(player, { key: ' ', code: 'Space' });
    expect(video.paused).toBe(true);

    await user.click(within(player).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('media-player')).toBeNull());
    expect(document.activeElement).toBe(
      within(screen.getByRole('article', { name: 'Hero.mp4' })).getByTestId('asset-name'),
    );
  });
});
