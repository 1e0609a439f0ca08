import type { Asset, AssetTranscript } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';
import { currentEntry } from './transcript-panel';

const transcriptPath = (asset: Asset) => `${BRAND_PATH}/assets/${asset.id}/transcript`;

const spoken: AssetTranscript = {
  status: 'COMPLETED',
  message: '',
  source: 'AI',
  language: 'en',
  entries: [
    { timestamp: 0, endTimestamp: 2500, content: 'Meet the summer range.' },
    { timestamp: 2500, endTimestamp: 61_000, content: 'Shop the summer edit.' },
  ],
};

function openTranscript(asset: Asset, transcript: AssetTranscript) {
  const network = signIn({
    routes: { ...libraryRoutes([asset]), [`GET ${transcriptPath(asset)}`]: () => jsonResponse(transcript) },
  });
  return { ...renderApp(`/library/assets/root/${asset.id}/transcript`), network };
}

describe('player: the transcript tab', () => {
  it('lists the timed lines; choosing one plays from there and marks it', async () => {
    const clip = makeAsset({ name: 'Launch.mp4', type: 'VIDEO', url: '/media/launch.mp4' });
    const { user } = openTranscript(clip, spoken);
    const list = await screen.findByTestId('transcript');
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '00:00Meet the summer range.',
      '00:02Shop the summer edit.',
    ]);

    const media = document.querySelector('video') as HTMLVideoElement;
    media.play = () => Promise.resolve();
    await user.click(lines[1]!);
    expect(media.currentTime).toBe(2.5);
    await waitFor(() => expect(lines[1]!.getAttribute('aria-current')).toBe('true'));
    expect(lines[0]!.getAttribute('aria-current')).toBeNull();
    // A transcription server's transcript is not called rough.
    expect(screen.queryByTestId('transcript-source')).toBeNull();
  });

  it('calls a transcript made on this server by pocketsphinx rough', async () => {
    const clip = makeAsset({ name: 'Local.mp4', type: 'VIDEO', url: '/media/local.mp4' });
    openTranscript(clip, { ...spoken, source: 'LOCAL' });
    await screen.findByTestId('transcript');
    expect(screen.getByTestId('transcript-source').textContent).toBe(
      'Rough local transcriptMade on this server, English only: some words will be wrong.',
    );
  });

  it('adds a keyword said in the transcript and marks it; a repeat is ignored; an unsaid one says so', async () => {
    const clip = makeAsset({ name: 'Words.mp4', type: 'VIDEO', url: '/media/words.mp4' });
    const { user } = openTranscript(clip, spoken);
    const search = await screen.findByRole('textbox', { name: 'Find in transcript' });
    await user.type(search, '  Summer {Enter}');
    const keywords = await screen.findByTestId('transcript-keywords');
    expect(keywords.textContent).toBe('Summer');
    expect(screen.getByTestId('transcript').querySelectorAll('mark')).toHaveLength(2);
    await user.type(search, 'SUMMER{Enter}');
    expect(within(keywords).getAllByRole('button')).toHaveLength(1);
    expect((search as HTMLInputElement).value).toBe('');
    await user.type(search, 'winter{Enter}');
    expect(screen.getByTestId('transcript-no-results').textContent).toBe(
      'No results for “winter” in this transcript',
    );
    await user.click(screen.getByRole('button', { name: 'Remove Summer' }));
    expect(screen.queryByTestId('transcript-keywords')).toBeNull();
  });

  it('says why there is no transcript', async () => {
    const clip = makeAsset({ name: 'Quiet.mp4', type: 'VIDEO' });
    openTranscript(clip, {
      status: 'SKIPPED_UNQUALIFIED',
      message: 'Transcription is off on this server',
      source: null,
      language: null,
      entries: [],
    });
    expect((await screen.findByTestId('transcript-status')).textContent).toBe(
      'Transcription is off on this server',
    );
    // Off on this server: where to see how to turn it on.
    const hint = screen.getByTestId('capability-off-hint');
    expect(hint.textContent).toBe('How to turn it on: Settings › Integrations › AI provider');
    expect(within(hint).getByRole('link').getAttribute('href')).toBe('/settings/integrations');
  });

  it('says nothing about settings when there is simply no speech', async () => {
    const clip = makeAsset({ name: 'Silent.mp4', type: 'VIDEO' });
    openTranscript(clip, {
      status: 'COMPLETED_NO_CONTENT_DETECTED',
      message: 'No speech detected',
      source: null,
      language: null,
      entries: [],
    });
    await screen.findByText('No speech detected');
    expect(screen.queryByTestId('capability-off-hint')).toBeNull();
  });

  it('is not offered for an image', async () => {
    const photo = makeAsset({ name: 'Photo.jpg', type: 'IMAGE' });
    openTranscript(photo, spoken);
    await screen.findByRole('tab', { name: 'Overview' });
    expect(screen.queryByRole('tab', { name: 'Transcript' })).toBeNull();
  });

  it('finds the line being spoken', () => {
    expect(currentEntry(spoken.entries, 0)).toBe(0);
    expect(currentEntry(spoken.entries, 2499)).toBe(0);
    expect(currentEntry(spoken.entries, 2500)).toBe(1);
    expect(currentEntry(spoken.entries, 70_000)).toBe(-1);
  });
});
