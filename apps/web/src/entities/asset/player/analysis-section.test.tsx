import type { Asset, AssetAnalysis, AssetText } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const analysisPath = (asset: Asset) => `${BRAND_PATH}/assets/${asset.id}/analysis`;
const textPath = (asset: Asset) => `${BRAND_PATH}/assets/${asset.id}/text`;

function analysisOf(
  statuses: Partial<Record<AssetAnalysis['features'][number]['feature'], [string | null, string]>>,
) {
  const features = (['tags', 'description', 'personas', 'ocr', 'transcription', 'breakdown'] as const).map(
    (feature) => {
      const [status, message] = statuses[feature] ?? [null, ''];
      return { feature, status, message } as AssetAnalysis['features'][number];
    },
  );
  return { features } satisfies AssetAnalysis;
}

function openOverview(
  asset: Asset,
  analysis: AssetAnalysis,
  text: AssetText,
  retried?: AssetAnalysis,
  /** What the analysis answers after its first answer. */
  later?: AssetAnalysis,
) {
  let current = analysis;
  const network = signIn({
    routes: {
      ...libraryRoutes([asset]),
      [`GET ${analysisPath(asset)}`]: () => {
        const answer = current;
        if (later) current = later;
        return jsonResponse(answer);
      },
      [`GET ${textPath(asset)}`]: () => jsonResponse(text),
      [`POST ${analysisPath(asset)}/retry`]: () => {
        current = retried ?? analysis;
        return jsonResponse(current);
      },
    },
  });
  return { ...renderApp(`/library/assets/root/${asset.id}/overview`), network };
}

describe('player overview: the AI analysis', () => {
  it('shows the personas and the text read in the file', async () => {
    const ad = makeAsset({
      name: 'Spring sale.png',
      type: 'IMAGE',
      mediaAnalysisStatus: 'COMPLETED',
      personasStatus: 'COMPLETED',
      tags: [
        { id: 'tag-1', name: 'Spring' },
        { id: 'tag-2', name: 'Landscape', source: 'AI' },
        { id: 'tag-3', name: '16:9', source: 'AI' },
      ],
      personas: [
        {
          gender: 'Female',
          ageGroup: '25-34',
          complexion: null,
          hairColor: null,
          hasBeard: null,
          hasMustache: null,
          hasSunglasses: null,
          hasEyeglasses: true,
        },
      ],
    });
    openOverview(
      ad,
      analysisOf({ tags: ['COMPLETED', ''], personas: ['COMPLETED', ''], ocr: ['COMPLETED', ''] }),
      { status: 'COMPLETED', message: '', entries: [{ startMs: 0, endMs: 0, text: 'Spring sale\n50% off' }] },
    );
    const section = await screen.findByTestId('analysis-section');
    expect(within(section).getByText('Female · 25-34 · Eyeglasses')).toBeTruthy();
    // The tags the analysis added are marked as such; a person's are not.
    expect(within(section).getByTestId('ai-tags').textContent).toBe(
      'Tags added by the AI analysis: Landscape, 16:9',
    );
    expect(await within(section).findByText(/Spring sale/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Retry analysis' })).toBeNull();
  });

  it('plays a video from the time of a line read in its frames', async () => {
    const clip = makeAsset({
      name: 'Overlays.mp4',
      type: 'VIDEO',
      url: '/media/overlays.mp4',
      mediaAnalysisStatus: 'COMPLETED',
    });
    const { user } = openOverview(clip, analysisOf({ tags: ['COMPLETED', ''], ocr: ['COMPLETED', ''] }), {
      status: 'COMPLETED',
      message: '',
      entries: [
        { startMs: 0, endMs: 2000, text: 'Meet the summer range' },
        { startMs: 4000, endMs: 6000, text: 'Shop the summer edit' },
      ],
    });
    const line = await screen.findByRole('button', { name: 'Play from 00:04' }, { timeout: 5000 });
    const media = screen.getByTestId('player-stage').querySelector('video') as HTMLVideoElement;
    media.play = () => Promise.resolve();
    await user.click(line);
    expect(media.currentTime).toBe(4);
  });

  it('an item seen done before its analysis answer: the answer is asked again until it is done too', async () => {
    const clip = makeAsset({ name: 'Overlays.mp4', type: 'VIDEO', mediaAnalysisStatus: 'COMPLETED' });
    const { network } = openOverview(
      clip,
      analysisOf({ tags: ['COMPLETED', ''], ocr: ['PROCESSING', 'Reading the text…'] }),
      {
        status: 'COMPLETED',
        message: '',
        entries: [{ startMs: 0, endMs: 2000, text: 'Meet the summer range' }],
      },
      undefined,
      analysisOf({ tags: ['COMPLETED', ''], ocr: ['COMPLETED', ''] }),
    );
    expect(await screen.findByText('Reading the text…')).toBeTruthy();
    expect(await screen.findByText('Meet the summer range', {}, { timeout: 8000 })).toBeTruthy();
    expect(network.to(analysisPath(clip)).length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('says why there are no personas or text, and offers a retry when a part failed', async () => {
    const clip = makeAsset({
      name: 'Clip.mp4',
      mediaAnalysisStatus: 'FAILED',
      personasStatus: 'SKIPPED_UNQUALIFIED',
    });
    const { user, network } = openOverview(
      clip,
      analysisOf({
        tags: ['COMPLETED', ''],
        description: ['FAILED', 'A description could not be written'],
        personas: ['SKIPPED_UNQUALIFIED', 'Personas are off on this server'],
        ocr: ['COMPLETED_NO_CONTENT_DETECTED', 'No text found'],
      }),
      { status: 'COMPLETED_NO_CONTENT_DETECTED', message: 'No text found', entries: [] },
      analysisOf({ description: ['PENDING', 'Waiting to write a description…'] }),
    );
    const section = await screen.findByTestId('analysis-section');
    expect(within(section).getByText('Personas are off on this server')).toBeTruthy();
    expect(within(section).getByText('No text found')).toBeTruthy();
    // Personas are off on this server, the text was simply not there: one hint, for personas.
    expect(within(section).getAllByTestId('capability-off-hint')).toHaveLength(1);
    // The text is not asked for when none was read.
    expect(network.to(textPath(clip))).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Retry analysis' }));
    await waitFor(() => expect(network.to(`${analysisPath(clip)}/retry`)).toHaveLength(1));
    expect(await within(section).findByText('Waiting to write a description…')).toBeTruthy();
  });

  it('while the analysis runs, says what it does and blocks tag editing', async () => {
    const photo = makeAsset({
      name: 'Photo.jpg',
      type: 'IMAGE',
      mediaAnalysisStatus: 'PROCESSING',
      personasStatus: 'PROCESSING',
    });
    openOverview(
      photo,
      analysisOf({ tags: ['PROCESSING', 'Generating tags…'], personas: ['PROCESSING', 'Finding personas…'] }),
      { status: null, message: '', entries: [] },
    );
    const progress = await screen.findByTestId('analysis-progress');
    expect(progress.textContent).toContain('Generating tags… Finding personas…');
    expect(screen.getByText('Tags can be edited when the analysis is done.')).toBeTruthy();
  });

  it('shows nothing for a file that was not analysed', async () => {
    const notes = makeAsset({ name: 'notes.txt', type: 'DOCUMENT' });
    openOverview(notes, analysisOf({}), { status: null, message: '', entries: [] });
    await screen.findByText('notes.txt', { selector: 'p' });
    expect(screen.queryByTestId('analysis-section')).toBeNull();
  });
});
