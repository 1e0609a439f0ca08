import {
  type Asset,
  type AssetBreakdown,
  endpointUrl,
  type Job,
  jobsApi,
  platformApi,
} from '@hookline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const clip = (n: number, overrides: Partial<AssetBreakdown['items'][number]>) => ({
  id: `00000000-0000-4000-8000-0000000c1${String(n).padStart(3, '0')}`,
  type: 'CTA' as const,
  subtype: null,
  quote: '',
  startTimestampMs: 0,
  endTimestampMs: 1000,
  index: n,
  previewURL: `/media/short.mp4#t=${n},${n + 1}`,
  hook: false,
  ...overrides,
});

const clips: AssetBreakdown = {
  status: 'COMPLETED',
  message: '',
  items: [
    clip(0, {
      type: 'Pain Point',
      subtype: 'Everyday problem',
      quote: 'Tired of tangled cables?',
      endTimestampMs: 2500,
      hook: true,
    }),
    clip(1, {
      type: 'CTA',
      subtype: 'Shop now',
      quote: 'Order yours today.',
      startTimestampMs: 2500,
      endTimestampMs: 4750,
    }),
  ],
};

function openClips(
  asset: Asset,
  breakdown: AssetBreakdown,
  path = 'videoIntelligence',
  flags: Record<string, boolean> = {},
) {
  const jobs: RecordedRequest[] = [];
  const network = signIn({
    routes: {
      ...libraryRoutes([asset]),
      ...(Object.keys(flags).length > 0
        ? { [`GET ${platformApi.featureFlags.path}`]: () => jsonResponse(flags) }
        : {}),
      [`GET ${BRAND_PATH}/assets/${asset.id}/transcription-breakdown`]: () => jsonResponse(breakdown),
      [`GET ${BRAND_PATH}/assets/root/folders`]: () =>
        jsonResponse([makeAsset({ name: 'Cutdowns', type: 'FOLDER' })]),
      [`POST ${jobsApi.create.path}`]: (request) => {
        jobs.push(request);
        const jobId = '00000000-0000-4000-8000-000000000b01';
        const type = (request.body as { type: Job['type'] }).type;
        const job: Job = {
          id: jobId,
          type,
          brandId: 'b',
          status: 'FINISHED',
          result: type === 'DOWNLOAD_CLIP' ? { url: '/downloads/clip-cta.mp4' } : { assetId: 'new' },
          createdAt: new Date(),
          finishedOn: new Date(),
          actions: {
            self: { method: 'GET', href: endpointUrl(jobsApi.get, { params: { jobId } }) },
            cancel: { method: 'POST', href: endpointUrl(jobsApi.cancel, { params: { jobId } }) },
          },
        };
        return jsonResponse(job, { status: 201 });
      },
    },
  });
  return { ...renderApp(`/library/assets/root/${asset.id}/${path}`), network, jobs };
}

describe('player: the videoIntelligence (clips) tab', () => {
  it('lists the clips with type, subtype and hook; choosing one plays it from its start', {
    timeout: 20_000,
  }, async () => {
    const video = makeAsset({ name: 'Launch.mp4', type: 'VIDEO', url: '/media/launch.mp4' });
    const { user } = openClips(video, clips);
    const list = await screen.findByRole(
      'list',
      { name: 'Creative clips: choose one to play it' },
      { timeout: 5000 },
    );
    const items = within(list).getAllByTestId('clip');
    expect(items.map((item) => item.textContent)).toEqual([
      'Pain PointEveryday problemHook“Tired of tangled cables?”00:00–00:02',
      'CTAShop now“Order yours today.”00:02–00:04',
    ]);
    const media = screen.getByTestId('player-stage').querySelector('video') as HTMLVideoElement;
    media.play = () => Promise.resolve();
    await user.click(screen.getByRole('button', { name: 'Play CTA clip 00:02–00:04' }));
    expect(media.currentTime).toBe(2.5);
  });

  it('searches quotes and subtypes after two characters, and says when nothing matches', {
    // Four searches with their debounce: over 4 s alone, past the default 5 s on a busy machine.
    timeout: 20_000,
  }, async () => {
    const video = makeAsset({ name: 'Search.mp4', type: 'VIDEO' });
    const { user } = openClips(video, clips);
    const search = await screen.findByRole('textbox', { name: 'Search clips' }, { timeout: 5000 });
    await user.type(search, 's');
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getAllByTestId('clip')).toHaveLength(2);
    await user.type(search, 'HOP');
    await waitFor(() => expect(screen.getAllByTestId('clip')).toHaveLength(1), { timeout: 2000 });
    expect(screen.getByTestId('clip').textContent).toContain('Order yours today.');
    await user.clear(search);
    await user.type(search, 'tangled');
    await waitFor(() => expect(screen.getByTestId('clip').textContent).toContain('Tired of'), {
      timeout: 2000,
    });
    await user.clear(search);
    await user.type(search, 'zebra');
    expect(await screen.findByText('No clips match “zebra”', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('saves a clip as a new file in the folder chosen', async () => {
    const video = makeAsset({ name: 'Save.mp4', type: 'VIDEO' });
    const { user, jobs } = openClips(video, clips);
    const items = await screen.findAllByTestId('clip', {}, { timeout: 5000 });
    await user.click(within(items[1]!).getByRole('button', { name: 'Save clip as asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the clip into a folder' });
    await user.click(await within(dialog).findByRole('listitem', { name: 'Open Cutdowns' }));
    expect(within(dialog).getByTestId('clip-folder-here').textContent).toBe('Cutdowns');
    await user.click(within(dialog).getByRole('button', { name: 'Save here' }));
    expect(await screen.findByText('The clip was saved as a new file')).toBeTruthy();
    expect(jobs[0]?.body).toMatchObject({
      type: 'SAVE_CLIP_AS_ASSET',
      customParams: {
        assetId: video.id,
        startOffsetMs: 2500,
        endOffsetMs: 4750,
        clipSubType: 'Shop now',
        targetFolderId: expect.any(String),
      },
    });
  });

  it('downloads a clip: a DOWNLOAD_CLIP job for its range, then its file', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    try {
      const video = makeAsset({ name: 'Download.mp4', type: 'VIDEO' });
      const { user, jobs } = openClips(video, clips);
      const items = await screen.findAllByTestId('clip', {}, { timeout: 5000 });
      await user.click(within(items[1]!).getByRole('button', { name: 'Download clip' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/downloads/clip-cta.mp4'));
      expect(jobs).toHaveLength(1);
      expect(jobs[0]?.body).toEqual({
        brandId: expect.any(String),
        type: 'DOWNLOAD_CLIP',
        customParams: { assetId: video.id, startOffsetMs: 2500, endOffsetMs: 4750, clipSubType: 'Shop now' },
      });
      expect(screen.queryByText('The clip was saved as a new file')).toBeNull();
    } finally {
      assign.mockRestore();
    }
  });

  it('shows no hook badge with the hookAnalysis flag off', async () => {
    const video = makeAsset({ name: 'Hooks.mp4', type: 'VIDEO' });
    openClips(video, clips, 'videoIntelligence', { hookAnalysis: false });
    const items = await screen.findAllByTestId('clip', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(items[0]?.textContent).toBe('Pain PointEveryday problem“Tired of tangled cables?”00:00–00:02'),
    );
    expect(within(items[0]!).queryByText('Hook')).toBeNull();
  });

  it('says why a video has no clips, and opens at ?t=', async () => {
    const video = makeAsset({ name: 'Quiet.mp4', type: 'VIDEO', url: '/media/quiet.mp4' });
    openClips(
      video,
      { status: 'SKIPPED_UNQUALIFIED', message: 'Creative clips need a transcript with times', items: [] },
      'videoIntelligence?t=3.5',
    );
    expect((await screen.findByTestId('breakdown-status', {}, { timeout: 5000 })).textContent).toBe(
      'Creative clips need a transcript with times',
    );
    const media = screen.getByTestId('player-stage').querySelector('video') as HTMLVideoElement;
    expect(media.currentTime).toBe(3.5);
  });

  it('is not offered for an image', async () => {
    const photo = makeAsset({ name: 'Photo.jpg', type: 'IMAGE' });
    openClips(photo, clips, 'overview');
    await screen.findByRole('tab', { name: 'Overview' }, { timeout: 5000 });
    expect(screen.queryByRole('tab', { name: 'Clips' })).toBeNull();
  });
});
