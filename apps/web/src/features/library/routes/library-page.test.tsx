import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, folder, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const brandKit = folder('Brand Kit', { isSystem: true, isBrandKit: true });
const campaigns = folder('Campaigns', { childCount: 2 });
const ugc = folder('UGC footage');
const hero = makeAsset({ name: 'Hero.mp4' });
const logo = makeAsset({ name: 'Logo.png', type: 'IMAGE' });
const script = makeAsset({ name: 'Script.pdf', type: 'DOCUMENT' });
const summer = folder('Summer 2026', { parentId: campaigns.id });

function setup(
  entry = '/library/assets',
  extra: Record<string, FetchHandler> = {},
  assets = [brandKit, campaigns, ugc, hero, logo, script, summer],
) {
  const network = signIn({ routes: { ...libraryRoutes(assets), ...extra } });
  const rendered = renderApp(entry);
  return { ...rendered, network };
}

const cardNames = () => screen.getAllByTestId('asset-card').map((card) => card.getAttribute('aria-label'));
const card = (name: string) => screen.getByRole('article', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

describe('library page', () => {
  it('/ opens the library root: breadcrumbs, folders first, details', async () => {
    const { router } = setup('/');
    // The first test pays for loading the page's code: on a busy machine that alone takes seconds.
    await screen.findByRole('article', { name: 'Hero.mp4' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/library/assets');
    expect(screen.getByTestId('page-title').textContent).toBe('Brand assets');
    expect(cardNames()).toEqual([
      'Brand Kit',
      'Campaigns',
      'UGC footage',
      'Hero.mp4',
      'Logo.png',
      'Script.pdf',
    ]);
    expect(within(card('Hero.mp4')).getByText('2 MB · Nov 2, 2026')).toBeTruthy();
    expect(within(card('Campaigns')).getByText('2 items · Nov 2, 2026')).toBeTruthy();
  });

  it('keeps only the rows near the viewport in the DOM and loads the next page of 40 as the user scrolls', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      makeAsset({ name: `Clip ${String(i).padStart(2, '0')}.mp4` }),
    );
    const { network } = setup('/library/assets', {}, many);
    await screen.findByRole('article', { name: 'Clip 00.mp4' });
    // 40 loaded, fewer in the DOM (the test viewport is 1000 × 1000), no second page yet.
    expect(screen.getAllByTestId('asset-card').length).toBeLessThan(40);
    expect(network.to(`${BRAND_PATH}/assets`)).toHaveLength(1);
    const body = screen.getByTestId('library-body');
    body.scrollTop = 10_000;
    fireEvent.scroll(body);
    expect(await screen.findByRole('article', { name: 'Clip 44.mp4' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Clip 00.mp4' })).toBeNull();
    const offsets = network
      .to(`${BRAND_PATH}/assets`)
      .map((r) => [r.url.searchParams.get('offset'), r.url.searchParams.get('limit')]);
    expect(offsets).toEqual([
      ['0', '40'],
      ['40', '40'],
    ]);
  });

  it('shows 20 skeletons while loading and the empty state of an empty folder', async () => {
    let answer: (r: Response) => void = () => {};
    setup('/library/assets', {
      [`GET ${BRAND_PATH}/assets`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(screen.getAllByTestId('asset-skeleton')).toHaveLength(20));
    await act(async () => answer(jsonResponse([], { headers: { 'x-total-count': '0' } })));
    expect(await screen.findByTestId('empty-folder')).toBeTruthy();
    expect(screen.getByText('This folder is empty.')).toBeTruthy();
  });

  it('a folder shows its breadcrumbs; an unknown folder (404) goes home', async () => {
    const { router, user } = setup(`/library/assets/${summer.id}`);
    await screen.findByTestId('empty-folder');
    const crumbs = screen.getByTestId('breadcrumbs');
    expect(within(crumbs).getByRole('link', { name: 'Brand assets' })).toBeTruthy();
    expect(within(crumbs).getByRole('link', { name: 'Campaigns' })).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Summer 2026');

    await act(() => router.navigate('/library/assets/00000000-0000-4000-8000-999999999999'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/assets'));
    await user.click(await screen.findByRole('button', { name: 'Campaigns' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/library/assets/${campaigns.id}`));
  });

  it('shift-click selects a range; Ctrl-A selects all; picking an item cancels select-all', async () => {
    const { user } = setup();
    await screen.findByRole('article', { name: 'Hero.mp4' });
    await user.click(checkbox('Campaigns'));
    await user.keyboard('{Shift>}');
    await user.click(checkbox('Logo.png'));
    await user.keyboard('{/Shift}');
    const bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByText('4 selected')).toBeTruthy();
    expect(
      ['Campaigns', 'UGC footage', 'Hero.mp4', 'Logo.png'].every((n) =>
        card(n).hasAttribute('data-selected'),
      ),
    ).toBe(true);
    expect(card('Script.pdf').hasAttribute('data-selected')).toBe(false);

    await user.keyboard('{Control>}a{/Control}');
    expect(within(await screen.findByTestId('bulk-bar')).getByText('6 selected')).toBeTruthy();
    await user.click(checkbox('Script.pdf'));
    expect(within(await screen.findByTestId('bulk-bar')).getByText('5 selected')).toBeTruthy();
    expect(card('Script.pdf').hasAttribute('data-selected')).toBe(false);

    // Picking the last one again: every item picked counts as all.
    await user.click(checkbox('Script.pdf'));
    expect(within(await screen.findByTestId('bulk-bar')).getByText('6 selected')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('select-all delete of a folder larger than the loaded page deletes all of it on the server', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      makeAsset({ name: `Take ${String(i).padStart(2, '0')}.mp4` }),
    );
    const { user, network } = setup(
      '/library/assets',
      {
        [`POST ${BRAND_PATH}/library/delete`]: () =>
          jsonResponse({ count: 45, deletedEntities: [], isAsync: false }),
      },
      many,
    );
    await screen.findByRole('article', { name: 'Take 00.mp4' });
    expect(network.to(`${BRAND_PATH}/assets`)).toHaveLength(1);
    await user.keyboard('{Control>}a{/Control}');
    const bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByText('45 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete 45 items?')).toBeTruthy();
    await user.click(screen.getByTestId('confirm-delete'));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/library/delete`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/library/delete`)[0]?.body).toEqual({
      shouldApplyAll: true,
      parentId: 'root',
      totalCount: 45,
    });
  });

  it('cards show three tags and +N; the bulk bar adds tags to the picked items, new names created first', async () => {
    const tagged = makeAsset({
      name: 'Tagged.mp4',
      tags: ['Alpha', 'Beta', 'Gamma', 'Delta'].map((name, i) => ({ id: `t${i}`, name })),
    });
    const tagsRoutes = {
      [`GET ${BRAND_PATH}/tags`]: () => jsonResponse([]),
      [`GET ${BRAND_PATH}/tag-categories`]: () =>
        jsonResponse([{ id: 'general', name: 'General', type: 'SYSTEM', tagsCount: 0, children: [] }]),
      [`POST ${BRAND_PATH}/tags/bulk`]: () =>
        jsonResponse([
          {
            id: 'new-1',
            name: 'Q3 push',
            categoryId: 'general',
            autoSearchInFiles: false,
            description: null,
            usageCount: 0,
          },
        ]),
      [`POST ${BRAND_PATH}/tags/bulk-tag`]: () =>
        jsonResponse({ updatedEntities: [], count: 2, isAsync: false }),
    };
    const { user, network } = setup('/library/assets', tagsRoutes, [tagged, hero, logo]);
    const row = within(await screen.findByRole('article', { name: 'Tagged.mp4' })).getByTestId('tag-row');
    expect(within(row).getByText('Alpha')).toBeTruthy();
    expect(within(row).getByText('Gamma')).toBeTruthy();
    expect(within(row).queryByText('Delta')).toBeNull();
    expect(within(row).getByText('+1')).toBeTruthy();

    await user.click(checkbox('Hero.mp4'));
    await user.click(checkbox('Logo.png'));
    await user.click(within(await screen.findByTestId('bulk-bar')).getByRole('button', { name: 'Tags' }));
    const entry = await screen.findByRole('combobox', { name: 'Tags' });
    await user.type(entry, 'Q3 push{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add to 2 items' }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/tags/bulk-tag`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/tags/bulk`)[0]?.body).toEqual({ names: ['Q3 push'] });
    expect(network.to(`${BRAND_PATH}/tags/bulk-tag`)[0]?.body).toEqual({
      entityIds: [
        { id: hero.id, library: 'BRAND' },
        { id: logo.id, library: 'BRAND' },
      ],
      tagIds: ['new-1'],
      remove: false,
    });
    expect(await screen.findByText('Updated 2 items')).toBeTruthy();
  });

  it('with select-all the bulk tag names the folder, and removing sends remove', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      makeAsset({ name: `Take ${String(i).padStart(2, '0')}.mp4` }),
    );
    const known = {
      id: 'k1',
      name: 'Keep',
      categoryId: 'general',
      autoSearchInFiles: false,
      description: null,
      usageCount: 3,
    };
    const { user, network } = setup(
      '/library/assets',
      {
        [`GET ${BRAND_PATH}/tags`]: () => jsonResponse([known]),
        [`GET ${BRAND_PATH}/tag-categories`]: () =>
          jsonResponse([{ id: 'general', name: 'General', type: 'SYSTEM', tagsCount: 1, children: [known] }]),
        [`POST ${BRAND_PATH}/tags/bulk-tag`]: () =>
          jsonResponse({ updatedEntities: [], count: 45, isAsync: false }),
      },
      many,
    );
    await screen.findByRole('article', { name: 'Take 00.mp4' });
    await user.keyboard('{Control>}a{/Control}');
    await user.click(within(await screen.findByTestId('bulk-bar')).getByRole('button', { name: 'Tags' }));
    await user.click(await screen.findByRole('radio', { name: 'Remove' }));
    await user.type(await screen.findByRole('combobox', { name: 'Tags' }), 'keep{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove from 45 items' }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/tags/bulk-tag`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/tags/bulk-tag`)[0]?.body).toEqual({
      shouldApplyAll: true,
      parentId: 'root',
      tagIds: ['k1'],
      remove: true,
    });
  });

  it('the bulk bar hides move and delete when a system item is selected', async () => {
    const { user } = setup();
    await screen.findByRole('article', { name: 'Hero.mp4' });
    await user.click(checkbox('Hero.mp4'));
    let bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByRole('button', { name: 'Move' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeTruthy();
    await user.click(checkbox('Brand Kit'));
    bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Move' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('the folder picker hides system folders, refuses the current parent and the moved items, then moves', async () => {
    const { user, network } = setup('/library/assets', {
      [`POST ${BRAND_PATH}/assets/bulk-move`]: () => jsonResponse({ assets: [], count: 2, isAsync: false }),
    });
    await screen.findByRole('article', { name: 'Hero.mp4' });
    await user.click(checkbox('UGC footage'));
    await user.click(checkbox('Hero.mp4'));
    await user.click(within(await screen.findByTestId('bulk-bar')).getByRole('button', { name: 'Move' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move 2 items to…' });
    await within(dialog).findByRole('option', { name: 'Campaigns' });
    expect(within(dialog).queryByRole('option', { name: 'Brand Kit' })).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Move here' });
    // The browsed folder is the items' current parent.
    expect(submit.hasAttribute('disabled')).toBe(true);
    // A moved folder can be neither the target nor opened.
    await user.click(within(dialog).getByRole('option', { name: 'UGC footage' }));
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Open UGC footage' })).toBeNull();

    await user.click(within(dialog).getByRole('option', { name: 'Campaigns' }));
    expect(submit.hasAttribute('disabled')).toBe(false);
    await user.click(submit);

    await screen.findByText('2 assets moved');
    const [move] = network.to(`${BRAND_PATH}/assets/bulk-move`);
    expect(move?.body).toEqual({
      destFolderId: campaigns.id,
      parentId: 'root',
      assetIds: [ugc.id, hero.id],
      shouldApplyAll: false,
    });
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('rename keeps the extension and requires a name', async () => {
    const renamed = { ...hero };
    const { user, network } = setup(
      '/library/assets',
      {
        [`PUT ${BRAND_PATH}/assets/${hero.id}`]: (request) => {
          renamed.name = (request.body as { name: string }).name;
          return jsonResponse(renamed);
        },
      },
      [campaigns, renamed],
    );
    await screen.findByRole('article', { name: 'Hero.mp4' });
    await user.click(screen.getByRole('button', { name: 'Actions for Hero.mp4' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const input = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.value).toBe('Hero');
    expect(within(dialog).getByTestId('rename-extension').textContent).toBe('.mp4');

    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/assets/${hero.id}`)).toHaveLength(0);

    await user.type(input, 'Final cut');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.to(`${BRAND_PATH}/assets/${hero.id}`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/assets/${hero.id}`)[0]?.body).toEqual({ name: 'Final cut.mp4' });
    expect(await screen.findByRole('article', { name: 'Final cut.mp4' })).toBeTruthy();
  });

  it('system items offer no rename, move or delete', async () => {
    const { user } = setup();
    await screen.findByRole('article', { name: 'Brand Kit' });
    await user.click(screen.getByRole('button', { name: 'Actions for Brand Kit' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy to…' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Move to…' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('delete drops the item at once and puts it back when the server fails', async () => {
    let answer: (r: Response) => void = () => {};
    const { user } = setup('/library/assets', {
      [`DELETE ${BRAND_PATH}/assets/${logo.id}`]: () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByRole('article', { name: 'Logo.png' });
    await user.click(screen.getByRole('button', { name: 'Actions for Logo.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete items' });
    expect(within(dialog).getByText('Delete "Logo.png"?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Logo.png' })).toBeNull());
    await act(async () => answer(errorResponse(500, { message: 'Disk on fire' })));
    expect(await screen.findByRole('article', { name: 'Logo.png' })).toBeTruthy();
    expect(await screen.findByText('Disk on fire')).toBeTruthy();
  });

  it('star toggles the favorite at once', async () => {
    const { user, network } = setup('/library/assets', {
      [`POST ${BRAND_PATH}/library/BRAND/${hero.id}/favorite`]: () => jsonResponse({ ok: true }),
    });
    await screen.findByRole('article', { name: 'Hero.mp4' });
    await user.click(screen.getByRole('button', { name: 'Add Hero.mp4 to starred' }));
    expect(await screen.findByRole('button', { name: 'Remove Hero.mp4 from starred' })).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/library/BRAND/${hero.id}/favorite`)).toHaveLength(1);
  });
});

describe('moving the open folder and select-all', () => {
  it('moving the open folder goes to its parent; a background move says so', async () => {
    const { user, router, network } = setup(`/library/assets/${summer.id}`, {
      [`POST ${BRAND_PATH}/assets/bulk-move`]: () => jsonResponse({ assets: [], count: 600, isAsync: true }),
    });
    await screen.findByTestId('empty-folder');
    await user.click(screen.getByTestId('current-folder-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 item to…' });
    await user.click(await within(dialog).findByRole('option', { name: 'UGC footage' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/library/assets/${campaigns.id}`));
    expect(await screen.findByText(/moved asynchronously/)).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/assets/bulk-move`)[0]?.body).toMatchObject({
      destFolderId: ugc.id,
      parentId: campaigns.id,
      assetIds: [summer.id],
    });
  });

  it('with select-all, a copy applies to the whole folder and the picker creates a folder inline', async () => {
    const { user, network } = setup('/library/assets', {
      [`POST ${BRAND_PATH}/assets/root/folders`]: () => jsonResponse(folder('Archive'), { status: 201 }),
      [`POST ${BRAND_PATH}/assets/bulk-copy`]: () => jsonResponse({ assets: [], count: 2, isAsync: false }),
    });
    await screen.findByRole('article', { name: 'Hero.mp4' });
    await user.keyboard('{Control>}a{/Control}');
    await user.click(within(await screen.findByTestId('bulk-bar')).getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy 6 items to…' });
    await within(dialog).findByRole('option', { name: 'Campaigns' });
    await user.click(within(dialog).getByRole('button', { name: 'New folder' }));
    await user.type(within(dialog).getByTestId('picker-new-folder-name'), 'Archive{Enter}');
    await waitFor(() =>
      expect(network.to(`${BRAND_PATH}/assets/root/folders`).filter((r) => r.method === 'POST')).toHaveLength(
        1,
      ),
    );
    expect(network.to(`${BRAND_PATH}/assets/root/folders`).find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Archive',
    });
    const submit = within(dialog).getByRole('button', { name: 'Copy here' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    await user.click(submit);
    await screen.findByText('2 assets copied');
    expect(network.to(`${BRAND_PATH}/assets/bulk-copy`)[0]?.body).toMatchObject({
      parentId: 'root',
      shouldApplyAll: true,
    });
  });
});

describe('media player', () => {
  it('opens a file, walks to the next with the arrow key and replaces an invalid tab', async () => {
    const { user, router } = setup(`/library/assets/root/${hero.id}/bogus`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/library/assets/root/${hero.id}/overview`),
    );
    const player = await screen.findByTestId('media-player');
    expect(await within(player).findByTestId('player-title')).toBeTruthy();
    expect(within(player).getByRole('button', { name: 'Previous item' }).hasAttribute('disabled')).toBe(true);
    await screen.findByRole('article', { name: 'Logo.png' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/library/assets/root/${logo.id}/overview`),
    );
    await user.click(screen.getByRole('tab', { name: 'Info' }));
    expect(await screen.findByTestId('player-info')).toBeTruthy();
    expect(within(screen.getByTestId('player-info')).getByText('Ana Lopez')).toBeTruthy();
  });

  it('edits the title: required, unchanged not saved, a failed save restores with a warning', async () => {
    const { user, network } = setup(`/library/assets/root/${hero.id}/overview`, {
      [`PUT ${BRAND_PATH}/assets/${hero.id}`]: () => errorResponse(500, { message: 'nope' }),
    });
    const title = await screen.findByTestId('player-title');
    expect(title.textContent).toBe('Hero.mp4');

    await user.click(title);
    const input = screen.getByRole('textbox', { name: 'Edit title' });
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(screen.getByText('This field is required')).toBeTruthy();

    await user.type(input, 'Hero.mp4{Enter}');
    expect(screen.getByTestId('player-title').textContent).toBe('Hero.mp4');
    expect(network.to(`${BRAND_PATH}/assets/${hero.id}`)).toHaveLength(0);

    await user.click(screen.getByTestId('player-title'));
    await user.clear(screen.getByRole('textbox', { name: 'Edit title' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit title' }), 'Teaser{Enter}');
    await waitFor(() => expect(network.to(`${BRAND_PATH}/assets/${hero.id}`)).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/assets/${hero.id}`)[0]?.body).toEqual({ name: 'Teaser.mp4' });
    expect(
      await screen.findByText('The change could not be saved; the previous value was restored.'),
    ).toBeTruthy();
    expect(screen.getByTestId('player-title').textContent).toBe('Hero.mp4');
  });

  it('an unknown item shows the item-not-found view', async () => {
    setup('/library/assets/root/00000000-0000-4000-8000-999999999999/overview');
    expect(await screen.findByTestId('item-not-found')).toBeTruthy();
    expect(screen.getByText('Item not found')).toBeTruthy();
  });
});
