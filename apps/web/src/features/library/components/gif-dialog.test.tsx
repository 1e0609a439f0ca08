import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetItem } from '@/entities/asset/api/keys';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { acme } from '@/test/identity';
import { BRAND_PATH, makeAsset } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import { GifDialog } from './gif-dialog';

const scope = { accountId: acme.accountId, brandId: acme.id };
const video: AssetItem = {
  ...makeAsset({ name: 'Hero cut.mp4', length: 42 }),
  createdAt: new Date('2026-11-02T10:00:00.000Z'),
};
const GIF_URL = '/api/storage/gifs/hero.gif?signature=abc';

async function setup(
  answer: () => Response | Promise<Response> = () => jsonResponse({ data: { url: GIF_URL } }),
) {
  const network = stubFetch({ [`POST ${BRAND_PATH}/assets/gif`]: answer });
  const onClose = vi.fn();
  const rendered = renderWithProviders(<GifDialog scope={scope} asset={video} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Create GIF' });
  const start = within(dialog).getByRole('textbox', { name: /Start/ }) as HTMLInputElement;
  const end = within(dialog).getByRole('textbox', { name: /End/ }) as HTMLInputElement;
  const generate = within(dialog).getByTestId('gif-generate') as HTMLButtonElement;
  const download = () => within(dialog).getByText('Download').closest('a, button') as HTMLElement;
  // The dialog puts the focus in the start field as it opens.
  await waitFor(() => expect(document.activeElement).toBe(start));
  return { ...rendered, network, dialog, start, end, generate, download, onClose };
}

describe('Create GIF dialog (000 §4 "GIF dialog", §5, §9)', () => {
  it('opens on 00:00:00 to 00:03:00, 12 fps and loop on, with Download disabled', async () => {
    const { dialog, start, end, generate, download } = await setup();
    expect(start.value).toBe('00:00:00');
    expect(end.value).toBe('00:03:00');
    expect((within(dialog).getByRole('radio', { name: '12 fps' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('radio', { name: '25 fps' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '30 fps' })).toBeTruthy();
    expect((within(dialog).getByRole('switch', { name: 'Loop' }) as HTMLInputElement).checked).toBe(true);
    expect(generate.disabled).toBe(false);
    expect(download().tagName).toBe('BUTTON');
    expect(download().hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('gif-stage').getAttribute('data-state')).toBe('idle');
  });

  it('takes digits only, adds the colons as the user types and trims past the hundredths', async () => {
    const { user, end } = await setup();
    await user.clear(end);
    await user.type(end, '0a0:b1');
    expect(end.value).toBe('00:1');
    await user.type(end, '2x');
    expect(end.value).toBe('00:12');
    await user.type(end, '34567');
    expect(end.value).toBe('00:12:34');
    // Minutes and seconds stop at 60.
    await user.clear(end);
    await user.type(end, '0075');
    expect(end.value).toBe('00:60');
  });

  it("a start after the end shows 'validation.time' and disables Generate", async () => {
    const { user, dialog, start, end, generate } = await setup();
    await user.clear(start);
    await user.type(start, '000500');
    expect(start.value).toBe('00:05:00');
    expect(within(dialog).getByText('The start must be before the end.')).toBeTruthy();
    expect(generate.disabled).toBe(true);

    // A zero end is not an error yet, but there is nothing to generate.
    await user.clear(end);
    expect(within(dialog).queryByText('The start must be before the end.')).toBeNull();
    expect(generate.disabled).toBe(true);

    await user.type(end, '000800');
    expect(within(dialog).queryByText('The start must be before the end.')).toBeNull();
    expect(generate.disabled).toBe(false);
  });

  it('refuses more than 30 seconds of video', async () => {
    const { user, dialog, end, generate } = await setup();
    await user.clear(end);
    await user.type(end, '003001');
    expect(within(dialog).getByText('A GIF can be at most 30 seconds long.')).toBeTruthy();
    expect(generate.disabled).toBe(true);
  });

  it('a partly typed time is completed when the field is left', async () => {
    const { user, start } = await setup();
    await user.clear(start);
    await user.type(start, '1');
    await user.tab();
    expect(start.value).toBe('01:00:00');
  });

  it('generates: spinner, then the preview and an enabled Download; the range goes in milliseconds', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, dialog, network, start, end, generate, download } = await setup(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await user.clear(start);
    await user.type(start, '000150');
    await user.clear(end);
    await user.type(end, '0004');
    await user.click(within(dialog).getByRole('radio', { name: '25 fps' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Loop' }));
    await user.click(generate);

    expect(await within(dialog).findByTestId('gif-spinner')).toBeTruthy();
    expect(within(dialog).getByTestId('gif-stage').getAttribute('data-state')).toBe('generating');
    expect(download().hasAttribute('disabled')).toBe(true);
    const [request] = network.to(`${BRAND_PATH}/assets/gif`);
    expect(request?.body).toEqual({
      id: video.id,
      framesPerSec: '25',
      timeStart: 1500,
      timeEnd: 4000,
      isLoop: false,
    });

    await act(async () => answer(jsonResponse({ data: { url: GIF_URL } })));
    const preview = (await within(dialog).findByRole('img', {
      name: 'GIF preview of Hero cut.mp4',
    })) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe(GIF_URL);
    expect(within(dialog).queryByTestId('gif-spinner')).toBeNull();
    const link = download();
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(GIF_URL);
    expect(link.getAttribute('download')).toBe('Hero_cut.gif');
  });

  it("a failure shows 'error' with the server's reason and stops the spinner", async () => {
    const { user, dialog, generate, download } = await setup(() =>
      errorResponse(400, {
        code: 'bad_request',
        title: 'Bad Request',
        message: 'The start is after the end of the video',
      }),
    );
    await user.click(generate);
    expect(await within(dialog).findByText('The GIF could not be created.')).toBeTruthy();
    expect(within(dialog).getByText('The start is after the end of the video')).toBeTruthy();
    expect(within(dialog).queryByTestId('gif-spinner')).toBeNull();
    expect(within(dialog).getByTestId('gif-stage').getAttribute('data-state')).toBe('error');
    expect(download().hasAttribute('disabled')).toBe(true);
    expect(generate.disabled).toBe(false);
    // The dialog shows the failure; no toast repeats it.
    await waitFor(() => expect(document.querySelectorAll('.mantine-Notification-root')).toHaveLength(0));
  });

  it('a preview that fails to load shows the error too', async () => {
    const { user, dialog, generate, download } = await setup();
    await user.click(generate);
    const preview = await within(dialog).findByRole('img', { name: 'GIF preview of Hero cut.mp4' });
    await act(async () => {
      preview.dispatchEvent(new Event('error'));
    });
    expect(within(dialog).getByText('The GIF could not be created.')).toBeTruthy();
    expect(download().hasAttribute('disabled')).toBe(true);
  });
});
