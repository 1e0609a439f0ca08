import type { Asset } from '@hookline/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp, renderRoutes } from '@/test/render';
import { MediaPlayer } from './media-player';

/** Signed storage URLs as the server hands them out (same origin, grant + signature). */
const storage = (name: string) => `/api/storage/object?g=${name}&s=sig`;
const STORAGE_PATH = '/api/storage/object';

/** The storage route answering files by grant name; unknown grants answer 403 like an expired link. */
function storageRoute(files: Record<string, string | Response>): Record<string, FetchHandler> {
  return {
    [`GET ${STORAGE_PATH}`]: (request) => {
      const file = files[request.url.searchParams.get('g') ?? ''];
      if (file === undefined) return errorResponse(403, { message: 'Your link has expired' });
      return typeof file === 'string'
        ? new Response(file, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
        : file;
    },
  };
}

function openPlayer(asset: Asset, routes: Record<string, FetchHandler> = {}, tab = 'overview') {
  const network = signIn({ routes: { ...libraryRoutes([asset]), ...routes } });
  const rendered = renderApp(`/library/assets/root/${asset.id}/${tab}`);
  return { ...rendered, network };
}

const stage = () => screen.getByTestId('player-stage');

// happy-dom would load the PDF iframe over the real network (it logs that it does not): the
// test only checks the element.
beforeAll(() => {
  const happyDOM = (window as { happyDOM?: { settings: { disableIframePageLoading: boolean } } }).happyDOM;
  if (happyDOM) happyDOM.settings.disableIframePageLoading = true;
});

describe('player stage: images and animations', () => {
  it('an image shows its 1280 px preview, contained, with the name as alt text', async () => {
    const photo = makeAsset({
      name: 'Packshot.png',
      type: 'IMAGE',
      url: storage('original'),
      previewURL: storage('thumb'),
      transcodingUrls: { preview: storage('preview') },
    });
    openPlayer(photo);
    const image = await within(await screen.findByTestId('player-stage')).findByRole('img', {
      name: 'Packshot.png',
    });
    expect(image.getAttribute('src')).toBe(storage('preview'));
  });

  it('an image without a preview shows the original; a GIF always shows the original so it moves', async () => {
    const plain = makeAsset({ name: 'Logo.jpg', type: 'IMAGE', url: storage('logo') });
    openPlayer(plain);
    expect((await screen.findByRole('img', { name: 'Logo.jpg' })).getAttribute('src')).toBe(storage('logo'));
  });

  it('an animation plays from its original, not the still preview', async () => {
    const gif = makeAsset({
      name: 'Loop.gif',
      type: 'ANIMATION',
      url: storage('gif'),
      transcodingUrls: { preview: storage('still') },
    });
    openPlayer(gif);
    expect((await screen.findByRole('img', { name: 'Loop.gif' })).getAttribute('src')).toBe(storage('gif'));
  });

  it('an image that fails to load says so', async () => {
    const broken = makeAsset({ name: 'Broken.png', type: 'IMAGE', url: storage('broken') });
    openPlayer(broken);
    fireEvent.error(await screen.findByRole('img', { name: 'Broken.png' }));
    expect(await screen.findByText('The image could not be loaded.')).toBeTruthy();
  });
});

describe('player stage: video and audio', () => {
  const clip = makeAsset({
    name: 'Hero.mp4',
    type: 'VIDEO',
    url: storage('hero'),
    transcodingUrls: { short: storage('hero-480'), poster: storage('hero-poster') },
  });

  it('a video plays the 480p copy with its poster and controls', async () => {
    openPlayer(clip);
    const video = (await screen.findByTestId('video-stage')) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe(storage('hero-480'));
    expect(video.getAttribute('poster')).toBe(storage('hero-poster'));
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it('a video without the 480p copy plays the original', async () => {
    openPlayer(makeAsset({ name: 'Raw.mov', type: 'VIDEO', url: storage('raw') }));
    expect((await screen.findByTestId('video-stage')).getAttribute('src')).toBe(storage('raw'));
  });

  it('Space toggles play and pause, but not while typing in the title', async () => {
    const { user } = openPlayer(clip);
    const video = (await screen.findByTestId('video-stage')) as HTMLVideoElement;
    expect(video.paused).toBe(true);
    fireEvent.keyDown(window, { key: ' ', code: 'Space' });
    expect(video.paused).toBe(false);
    fireEvent.keyDown(video, { key: ' ', code: 'Space' });
    expect(video.paused).toBe(true);

    await user.click(screen.getByTestId('player-title'));
    const input = screen.getByRole('textbox', { name: 'Edit title' });
    fireEvent.keyDown(input, { key: ' ', code: 'Space' });
    expect(video.paused).toBe(true);
  });

  it('audio shows its waveform above the audio controls on the original', async () => {
    const song = makeAsset({
      name: 'Jingle.mp3',
      type: 'AUDIO',
      url: storage('jingle'),
      length: 65,
      transcodingUrls: { audio: storage('jingle-m4a'), waveform: storage('jingle-wave') },
    });
    openPlayer(song);
    const card = await screen.findByTestId('audio-stage');
    expect(within(card).getByRole('img', { name: 'Waveform of Jingle.mp3' }).getAttribute('src')).toBe(
      storage('jingle-wave'),
    );
    const audio = card.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(storage('jingle'));
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(within(card).getByText('1:05')).toBeTruthy();
  });
});

describe('player stage: upload states', () => {
  it('shows Processing… while the previews are made', async () => {
    openPlayer(
      makeAsset({ name: 'New.mp4', uploadingState: 'UPLOADED_GENERATING_THUMBNAIL', url: storage('n') }),
    );
    const processing = await screen.findByTestId('stage-processing');
    expect(within(processing).getByText('Processing…')).toBeTruthy();
    expect(screen.queryByTestId('video-stage')).toBeNull();
  });

  it('a failed upload shows why', async () => {
    openPlayer(
      makeAsset({
        name: 'Huge.mov',
        uploadingState: 'FAILED_TO_UPLOAD',
        failureReason: 'Videos can be at most 10 minutes long',
      }),
    );
    const failed = await screen.findByTestId('stage-failed');
    expect(within(failed).getByText('Upload failed')).toBeTruthy();
    expect(within(failed).getByText('Videos can be at most 10 minutes long')).toBeTruthy();
  });
});

describe('player stage: documents', () => {
  it('a PDF opens in the browser viewer, filling the stage', async () => {
    openPlayer(makeAsset({ name: 'Brief.pdf', type: 'DOCUMENT', url: storage('brief') }));
    const frame = await screen.findByTitle('Brief.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(storage('brief'));
  });

  it('a txt file shows its text', async () => {
    const notes = makeAsset({ name: 'Notes.txt', type: 'DOCUMENT', size: 40, url: storage('notes') });
    openPlayer(notes, storageRoute({ notes: 'Hook: show the product in 2 s\nCTA: shop now' }));
    const preview = await screen.findByTestId('text-preview');
    expect(preview.textContent).toBe('Hook: show the product in 2 s\nCTA: shop now');
  });

  it('a csv file shows a table with the header on top and only the visible rows rendered', async () => {
    const lines = ['ad,spend,"note, with comma"'];
    for (let i = 1; i <= 1000; i += 1) lines.push(`Ad ${i},${i * 10},"line one\nline two"`);
    const report = makeAsset({ name: 'Report.csv', type: 'DOCUMENT', size: 30_000, url: storage('report') });
    // happy-dom does no layout: the sheet's scroll area measures 1000 × 800 px as in a browser.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    openPlayer(report, storageRoute({ report: lines.join('\r\n') }));

    const table = await screen.findByRole('table', { name: 'Report.csv' });
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Row', 'ad', 'spend', 'note, with comma']);

    const rows = await screen.findAllByTestId('csv-row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    expect((rows[0] as HTMLElement).style.height).toBe('49px');
    const firstCells = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(firstCells).toEqual(['Ad 1', '10', 'line one\nline two']);
    expect(screen.getByText('1,000 rows')).toBeTruthy();
  });

  it("a txt or csv file that cannot be loaded shows 'settings.assets.previewLoadError'", async () => {
    const gone = makeAsset({ name: 'Gone.csv', type: 'DOCUMENT', size: 100, url: storage('gone') });
    openPlayer(gone, storageRoute({}));
    const error = await screen.findByTestId('preview-error');
    expect(within(error).getByText('The preview could not be loaded.')).toBeTruthy();
  });

  it('edits a txt file and saves it with PUT …/content', async () => {
    const notes = makeAsset({ name: 'Notes.txt', type: 'DOCUMENT', size: 11, url: storage('notes') });
    const files = { notes: 'first draft' };
    const { user, network } = openPlayer(notes, {
      ...storageRoute(files),
      [`PUT ${BRAND_PATH}/assets/${notes.id}/content`]: (request) => {
        files.notes = (request.body as { content: string }).content;
        return jsonResponse({ ...notes, size: files.notes.length });
      },
    });
    await screen.findByTestId('text-preview');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Content of Notes.txt' });
    expect((editor as HTMLTextAreaElement).value).toBe('first draft');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await user.clear(editor);
    await user.type(editor, 'final copy');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(network.to(`${BRAND_PATH}/assets/${notes.id}/content`)).toHaveLength(1));
    const put = network.to(`${BRAND_PATH}/assets/${notes.id}/content`)[0];
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({ content: 'final copy' });
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    expect((await screen.findByTestId('text-preview')).textContent).toBe('final copy');
    expect(screen.queryByTestId('document-editor')).toBeNull();
  });

  it('a failed save shows the error and keeps the edits', async () => {
    const report = makeAsset({ name: 'Report.csv', type: 'DOCUMENT', size: 8, url: storage('report') });
    const { user } = openPlayer(report, {
      ...storageRoute({ report: 'a,b\n1,2' }),
      [`PUT ${BRAND_PATH}/assets/${report.id}/content`]: () =>
        errorResponse(400, {
          code: 'bad_request',
          title: 'Bad Request',
          message: 'Only txt and csv files can be edited',
        }),
    });
    await screen.findByRole('table', { name: 'Report.csv' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Content of Report.csv' });
    await user.type(editor, '\n3,4');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Only txt and csv files can be edited')).toBeTruthy();
    expect((screen.getByTestId('document-editor') as HTMLTextAreaElement).value).toBe('a,b\n1,2\n3,4');
  });

  it('leaving with unsaved edits asks first', async () => {
    const notes = makeAsset({ name: 'Notes.txt', type: 'DOCUMENT', size: 5, url: storage('notes') });
    const { user, router } = openPlayer(notes, storageRoute({ notes: 'hello' }));
    await screen.findByTestId('text-preview');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Content of Notes.txt' }), ' world');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(router.state.location.pathname).toBe(`/library/assets/root/${notes.id}/overview`);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/assets'));
  });

  it('a txt or csv file over 1.2 MB shows the large-file message, no preview and no editor', async () => {
    const big = makeAsset({ name: 'Export.csv', type: 'DOCUMENT', size: 1_300_000, url: storage('big') });
    const { network } = openPlayer(big, storageRoute({ big: 'a,b' }));
    const message = await screen.findByTestId('document-too-large');
    expect(
      within(message).getByText(
        'Files over 1.2 MB cannot be previewed or edited here. Download this one to open it.',
      ),
    ).toBeTruthy();
    expect(within(message).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(network.to(STORAGE_PATH)).toHaveLength(0);
  });

  it('Word, Excel and design files name their extension and offer the download', async () => {
    const deck = makeAsset({ name: 'Deck.docx', type: 'DOCUMENT', url: storage('deck') });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const href = '/api/storage/object?g=download&s=sig';
    const { user, network } = openPlayer(deck, {
      [`POST ${BRAND_PATH}/library/download-stream`]: () => jsonResponse({ href }),
    });
    const message = await screen.findByTestId('preview-unsupported');
    expect(within(message).getByText('Preview is not available for .docx files')).toBeTruthy();
    await user.click(within(message).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(href));
    expect(network.to(`${BRAND_PATH}/library/download-stream`)[0]?.body).toEqual({
      id: deck.id,
      library: 'BRAND',
    });
  });

  it('a design file (OTHER) has no preview either', async () => {
    openPlayer(makeAsset({ name: 'Key visual.psd', type: 'OTHER', url: storage('psd') }));
    expect(await screen.findByText('Preview is not available for .psd files')).toBeTruthy();
  });
});

describe('player stage: read-only viewers', () => {
  it('without write access a txt file is shown but cannot be edited', async () => {
    const notes = makeAsset({ name: 'Notes.txt', type: 'DOCUMENT', size: 5, url: storage('notes') });
    signIn({ routes: { ...libraryRoutes([notes]), ...storageRoute({ notes: 'hello' }) } });
    const scope = { accountId: acme.accountId, brandId: acme.id };
    renderRoutes(
      [
        {
          path: '/library/assets/:folderId/:fileId/:tab',
          element: (
            <MediaPlayer
              scope={scope}
              links={{ item: (id, tab) => `/library/assets/root/${id}/${tab}`, close: '/library' }}
              fileId={notes.id}
              tab="overview"
              items={[]}
              hasNextPage={false}
              fetchNextPage={() => undefined}
              canEdit={false}
            />
          ),
        },
      ],
      { initialEntries: [`/library/assets/root/${notes.id}/overview`] },
    );
    expect((await screen.findByTestId('text-preview')).textContent).toBe('hello');
    expect(within(stage()).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(stage()).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('player info tab', () => {
  it('lists what probing found, and only that', async () => {
    const clip = makeAsset({
      name: 'Hero.mp4',
      type: 'VIDEO',
      size: 3 * 1024 * 1024,
      url: storage('hero'),
      contentType: 'video/mp4',
      length: 75.4,
      metadata: {
        width: 1920,
        height: 1080,
        duration: 75.4,
        videoCodec: 'h264',
        audioCodec: 'aac',
        frameRate: 29.97,
        bitRate: 2_500_000,
      },
    });
    openPlayer(clip, {}, 'info');
    const info = await screen.findByTestId('player-info');
    const pairs = Array.from(info.querySelectorAll('dt')).map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Content type', 'video/mp4'],
        ['Size', '3 MB'],
        ['Dimensions', '1920 × 1080 px'],
        ['Duration', '1:15'],
        ['Video codec', 'H264'],
        ['Audio codec', 'AAC'],
        ['Frame rate', '29.97 fps'],
        ['Bit rate', '2,500 kbps'],
      ]),
    );
    expect(within(info).queryByText('Pages')).toBeNull();
  });

  it('a PDF lists its pages; an item without metadata lists none of the media rows', async () => {
    const brief = makeAsset({ name: 'Brief.pdf', type: 'DOCUMENT', metadata: { pages: 12 } });
    openPlayer(brief, {}, 'info');
    const info = await screen.findByTestId('player-info');
    expect(within(info).getByText('Pages')).toBeTruthy();
    expect(within(info).getByText('12')).toBeTruthy();
    for (const label of ['Dimensions', 'Duration', 'Video codec', 'Frame rate', 'Bit rate', 'Content type'])
      expect(within(info).queryByText(label)).toBeNull();
  });
});
