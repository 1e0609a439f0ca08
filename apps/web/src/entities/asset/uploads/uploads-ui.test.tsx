import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/test/identity';
import { BRAND_PATH, folder, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const campaigns = folder('Campaigns');
const uploading = makeAsset({ name: 'Arriving.mp4', uploadingState: 'UPLOADING' });
const generating = makeAsset({
  name: 'Thinking.jpg',
  type: 'IMAGE',
  uploadingState: 'UPLOADED_GENERATING_THUMBNAIL',
});
const retryable = makeAsset({ name: 'Cut off.mov', uploadingState: 'FAILED_TO_UPLOAD', canRetry: true });
const refused = makeAsset({
  name: 'Too short.mp4',
  uploadingState: 'FAILED_TO_UPLOAD',
  canRetry: false,
  failureReason: 'Videos must be at least 5 seconds long',
});

function setup(assets = [campaigns, uploading, generating, retryable, refused]) {
  const network = signIn({ routes: libraryRoutes(assets) });
  return { ...renderApp('/library/assets'), network };
}

const card = (name: string) => screen.getByRole('article', { name });

describe('upload states in the library', () => {
  it('shows progress, processing, Try again and Unsupported format on the cards', async () => {
    setup();
    await screen.findByRole('article', { name: 'Arriving.mp4' }, { timeout: 3000 });
    expect(within(card('Arriving.mp4')).getByText('Uploading… 0%')).toBeTruthy();
    expect(within(card('Thinking.jpg')).getByText('Processing…')).toBeTruthy();
    expect(within(card('Cut off.mov')).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(card('Too short.mp4')).getByText('Unsupported format')).toBeTruthy();
  });

  it('uploading and failed items cannot be selected or starred; processing ones can', async () => {
    setup();
    await screen.findByRole('article', { name: 'Arriving.mp4' }, { timeout: 3000 });
    for (const name of ['Arriving.mp4', 'Cut off.mov', 'Too short.mp4']) {
      expect(within(card(name)).queryByRole('checkbox')).toBeNull();
      expect(within(card(name)).queryByTestId('star-toggle')).toBeNull();
    }
    expect(within(card('Thinking.jpg')).getByRole('checkbox')).toBeTruthy();
  });

  it('refreshes the list every 4 s while something uploads or makes its previews', async () => {
    const { network } = setup([campaigns, generating]);
    await screen.findByRole('article', { name: 'Thinking.jpg' }, { timeout: 3000 });
    const before = network.to(`${BRAND_PATH}/assets`).length;
    await waitFor(() => expect(network.to(`${BRAND_PATH}/assets`).length).toBeGreaterThan(before), {
      timeout: 6000,
    });
  });

  it('the library offers upload of files and of a folder', async () => {
    const { user } = setup([campaigns]);
    await screen.findByRole('article', { name: 'Campaigns' }, { timeout: 3000 });
    await user.click(screen.getByTestId('upload-button'));
    expect(await screen.findByRole('menuitem', { name: 'Upload files' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Upload folder' })).toBeTruthy();
    expect(screen.getByTestId('upload-files-input').getAttribute('accept')).toContain('.mp4');
  });

  it('Try again asks the server for new upload URLs (or says to upload the file again)', async () => {
    const { user } = setup([retryable]);
    await screen.findByRole('article', { name: 'Cut off.mov' }, { timeout: 3000 });
    await user.click(within(card('Cut off.mov')).getByRole('button', { name: 'Try again' }));
    // The file is not in this page (it was chosen before a reload): the user is told.
    expect(await screen.findByText('This file is no longer in this page. Upload it again.')).toBeTruthy();
  });
});
