import { libraryMessages } from '@hookline/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, folder, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

function setup(favorites: ReturnType<typeof makeAsset>[], routes: Record<string, FetchHandler> = {}) {
  const network = signIn({
    routes: {
      [`GET ${BRAND_PATH}/library/favorites`]: () =>
        jsonResponse(favorites, { headers: { 'x-total-count': String(favorites.length) } }),
      ...routes,
    },
  });
  return { ...renderApp('/starred'), network };
}

const hero = makeAsset({ name: 'Hero.mp4', isFavorite: true });
const logo = makeAsset({ name: 'Logo.png', type: 'IMAGE', isFavorite: true });
const campaigns = folder('Campaigns', { isFavorite: true, childCount: 3 });
const JOB_ID = '00000000-0000-4000-8000-00000000a11a';
const ZIP_URL = '/api/storage/zips/hookline-download.zip?signature=zip';
const zipJob = (status: string, result: string | null = null) =>
  jsonResponse({ jobId: JOB_ID, status, result, error: null });

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const buttonNames = (element: HTMLElement) =>
  within(element)
    .getAllByRole('button')
    .map((button) => button.textContent || button.getAttribute('aria-label'));

/** Picks the items and presses Download in the bulk bar, with the clock under the test's control. */
async function bulkDownload(user: ReturnType<typeof setup>['user'], names: string[]) {
  await screen.findByRole('article', { name: names[0] }, { timeout: 3000 });
  for (const name of names) await user.click(checkbox(name));
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await user.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Download' }));
}

describe('starred page', () => {
  it('shows the empty state when nothing is starred', async () => {
    setup([]);
    expect(await screen.findByTestId('starred-empty', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('Nothing starred yet.')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Starred');
    expect(screen.getByTestId('starred-count').textContent).toBe('0 items');
  });

  it('lists the favorites with the count in the title; the bulk bar only downloads', async () => {
    const { network, user } = setup([hero, logo]);
    expect(await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId('starred-count').textContent).toBe('2 items');
    const [request] = network.to(`${BRAND_PATH}/library/favorites`);
    expect(request?.url.searchParams.get('limit')).toBe('25');

    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await user.click(checkbox('Logo.png'));
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    expect(buttonNames(bar)).toEqual(['Download', 'Clear selection']);
  });

  it('the item menu downloads a file through its signed link', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { network, user } = setup([hero, logo], {
      [`POST ${BRAND_PATH}/library/download-stream`]: () =>
        jsonResponse({ href: '/api/storage/logo.png?sig=1' }),
    });
    await screen.findByRole('article', { name: 'Logo.png' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Actions for Logo.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/storage/logo.png?sig=1'));
    const [request] = network.to(`${BRAND_PATH}/library/download-stream`);
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ id: logo.id, library: 'BRAND' });
    expect(network.to(`${BRAND_PATH}/library/download`)).toHaveLength(0);
  });

  it('a folder downloads from its menu as a zip of that folder', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { network, user } = setup([campaigns, hero], {
      [`POST ${BRAND_PATH}/library/download`]: () => zipJob('success', ZIP_URL),
    });
    await screen.findByRole('article', { name: 'Campaigns' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Actions for Campaigns' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Create GIF' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ZIP_URL));
    expect(network.to(`${BRAND_PATH}/library/download`)[0]?.body).toEqual({
      entities: [{ id: campaigns.id, library: 'BRAND' }],
    });
    expect(network.to(`${BRAND_PATH}/library/download-stream`)).toHaveLength(0);
  });

  it('bulk download zips the selection, polls every 2.5 s while it runs and opens the result', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const answers = [zipJob('running'), zipJob('success', ZIP_URL)];
    const { network, user } = setup([campaigns, hero, logo], {
      [`POST ${BRAND_PATH}/library/download`]: () => zipJob('pending'),
      [`GET ${BRAND_PATH}/library/download/${JOB_ID}`]: () => answers.shift() ?? errorResponse(500),
    });
    const polls = () => network.to(`${BRAND_PATH}/library/download/${JOB_ID}`).length;
    await bulkDownload(user, ['Campaigns', 'Logo.png']);

    expect(await screen.findByText('Generating zip file')).toBeTruthy();
    expect(screen.getByText(/we also e-mail you the link/)).toBeTruthy();
    await waitFor(() => expect(network.to(`${BRAND_PATH}/library/download`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/library/download`)[0]?.body).toEqual({
      entities: [
        { id: campaigns.id, library: 'BRAND' },
        { id: logo.id, library: 'BRAND' },
      ],
    });
    expect(polls()).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(polls()).toBe(1);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByText('Generating zip file')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(polls()).toBe(2);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ZIP_URL));
    expect(await screen.findByText('Your zip file is ready')).toBeTruthy();
    expect(screen.queryByText('Generating zip file')).toBeNull();

    // Nothing polls after the end.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls()).toBe(2);
  });

  it("a failed zip shows 'Error generating zip'", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { network, user } = setup([hero, logo], {
      [`POST ${BRAND_PATH}/library/download`]: () => zipJob('running'),
      [`GET ${BRAND_PATH}/library/download/${JOB_ID}`]: () => zipJob('failed'),
    });
    await bulkDownload(user, ['Hero.mp4', 'Logo.png']);
    await waitFor(() => expect(network.to(`${BRAND_PATH}/library/download`)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(await screen.findByText(libraryMessages.zipError)).toBeTruthy();
    expect(screen.queryByText('Generating zip file')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a 413 shows the zip size message once, and nothing polls', async () => {
    const { network, user } = setup([hero, logo], {
      [`POST ${BRAND_PATH}/library/download`]: () =>
        errorResponse(413, {
          code: 'payload_too_large',
          title: 'Payload Too Large',
          message: libraryMessages.zipTooLarge,
        }),
    });
    await bulkDownload(user, ['Hero.mp4', 'Logo.png']);
    expect(await screen.findByText(libraryMessages.zipTooLarge)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(screen.getAllByText(libraryMessages.zipTooLarge)).toHaveLength(1);
    expect(screen.queryByText('Generating zip file')).toBeNull();
    expect(network.to(`${BRAND_PATH}/library/download/${JOB_ID}`)).toHaveLength(0);
  });

  it('one selected file downloads directly, without a zip', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { network, user } = setup([hero, logo], {
      [`POST ${BRAND_PATH}/library/download-stream`]: () =>
        jsonResponse({ href: '/api/storage/hero.mp4?sig=2' }),
    });
    await bulkDownload(user, ['Hero.mp4']);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/storage/hero.mp4?sig=2'));
    expect(network.to(`${BRAND_PATH}/library/download`)).toHaveLength(0);
  });

  it('the notice cancels a running zip through the jobs API', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { network, user } = setup([hero, logo], {
      [`POST ${BRAND_PATH}/library/download`]: () => zipJob('pending'),
      [`GET ${BRAND_PATH}/library/download/${JOB_ID}`]: () => zipJob('running'),
      [`POST /api/jobs/${JOB_ID}/cancel`]: () => jsonResponse({ id: JOB_ID, status: 'CANCELLED' }),
    });
    await bulkDownload(user, ['Hero.mp4', 'Logo.png']);
    await waitFor(() => expect(network.to(`${BRAND_PATH}/library/download`)).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(network.to(`/api/jobs/${JOB_ID}/cancel`)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(network.to(`${BRAND_PATH}/library/download/${JOB_ID}`)).toHaveLength(0);
    expect(screen.queryByText('Generating zip file')).toBeNull();
    expect(screen.queryByText(libraryMessages.zipError)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('Create GIF is offered for videos only and opens the dialog', async () => {
    const { user } = setup([hero, logo]);
    await screen.findByRole('article', { name: 'Logo.png' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Actions for Logo.png' }));
    expect(
      within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Create GIF' }),
    ).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Actions for Hero.mp4' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create GIF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create GIF' });
    expect((within(dialog).getByRole('textbox', { name: /End/ }) as HTMLInputElement).value).toBe('00:03:00');
  });
});
