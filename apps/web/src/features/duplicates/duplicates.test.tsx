import type { Asset, DuplicateGroup } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const GROUPS_PATH = `${BRAND_PATH}/duplicates`;
const DELETE_PATH = `${BRAND_PATH}/library/delete`;
const resolutionPath = (asset: Asset) => `${BRAND_PATH}/assets/${asset.id}/duplicate-resolution`;

const hero = makeAsset({ name: 'Summer hero.jpg', type: 'IMAGE', size: 3 * 1024 * 1024 });
const heroCopy = makeAsset({
  name: 'Summer hero (1).jpg',
  type: 'IMAGE',
  duplicateOf: { id: hero.id, name: hero.name, identical: true },
});
const heroSmall = makeAsset({
  name: 'Summer hero small.jpg',
  type: 'IMAGE',
  size: 512 * 1024,
  duplicateOf: { id: hero.id, name: hero.name, identical: false },
});
const promo = makeAsset({ name: 'Promo.mp4' });
const promoCut = makeAsset({
  name: 'Promo 480p.mp4',
  duplicateOf: { id: promo.id, name: promo.name, identical: false },
});

const heroGroup: DuplicateGroup = { id: hero.id, original: hero, duplicates: [heroCopy, heroSmall] };
const promoGroup: DuplicateGroup = { id: promo.id, original: promo, duplicates: [promoCut] };

/** The groups API over a list that shrinks as files are deleted or resolved. */
function setup(initial: DuplicateGroup[], routes: Record<string, FetchHandler> = {}) {
  let groups = initial;
  const drop = (ids: string[]) => {
    groups = groups
      .filter((group) => !ids.includes(group.original.id))
      .map((group) => ({ ...group, duplicates: group.duplicates.filter((d) => !ids.includes(d.id)) }))
      .filter((group) => group.duplicates.length > 0);
  };
  const resolutions: Record<string, FetchHandler> = {};
  for (const asset of initial.flatMap((group) => group.duplicates)) {
    resolutions[`POST ${resolutionPath(asset)}`] = (request) => {
      drop([asset.id]);
      return jsonResponse({ assetId: asset.id, action: (request.body as { action: string }).action });
    };
  }
  const network = signIn({
    routes: {
      ...libraryRoutes([]),
      [`GET ${GROUPS_PATH}`]: (request) => {
        const offset = Number(request.url.searchParams.get('offset') ?? 0);
        const limit = Number(request.url.searchParams.get('limit') ?? 20);
        return jsonResponse(groups.slice(offset, offset + limit), {
          headers: { 'x-total-count': String(groups.length) },
        });
      },
      [`POST ${DELETE_PATH}`]: (request) => {
        const ids = (request.body as { entities: { id: string }[] }).entities.map((entity) => entity.id);
        drop(ids);
        return jsonResponse({ count: ids.length, deletedEntities: ids });
      },
      ...resolutions,
      ...routes,
    },
  });
  return { ...renderApp('/library/duplicates'), network };
}

const group = (name: string) => screen.getByRole('region', { name });
const file = (within_: HTMLElement, name: string) => within(within_).getByRole('article', { name });

describe('the duplicates page', () => {
  it('lists the groups with the original and its duplicates, labelled', async () => {
    const { network } = setup([heroGroup, promoGroup]);
    await screen.findByRole('region', { name: 'Summer hero.jpg' }, { timeout: 3000 });
    expect(screen.getByTestId('page-title').textContent).toBe('Duplicates');
    expect(screen.getByTestId('duplicates-count').textContent).toBe('2 groups');
    expect(network.to(GROUPS_PATH)[0]?.url.searchParams.get('limit')).toBe('20');
    expect(network.to(GROUPS_PATH)[0]?.url.searchParams.get('offset')).toBe('0');

    const heroRow = group('Summer hero.jpg');
    const files = within(heroRow).getAllByTestId('duplicate-file');
    expect(files.map((f) => f.getAttribute('aria-label'))).toEqual([
      'Summer hero.jpg',
      'Summer hero (1).jpg',
      'Summer hero small.jpg',
    ]);
    expect(within(file(heroRow, 'Summer hero.jpg')).getByText('Original')).toBeTruthy();
    expect(within(file(heroRow, 'Summer hero.jpg')).getByText('3 MB · Nov 2, 2026')).toBeTruthy();
    expect(
      within(file(heroRow, 'Summer hero (1).jpg')).getByText('Identical to Summer hero.jpg'),
    ).toBeTruthy();
    expect(
      within(file(heroRow, 'Summer hero small.jpg')).getByText('Looks like a duplicate of Summer hero.jpg'),
    ).toBeTruthy();
    expect(within(heroRow).getAllByRole('button', { name: /Keep this one/ })).toHaveLength(3);
    expect(within(group('Promo.mp4')).getByText('Looks like a duplicate of Promo.mp4')).toBeTruthy();
    // A file's name opens it in the library.
    expect(
      within(file(heroRow, 'Summer hero.jpg'))
        .getByRole('link', { name: 'Summer hero.jpg' })
        .getAttribute('href'),
    ).toMatch(new RegExp(`^/library/assets/root/${hero.id}/overview`));
  });

  it("'Keep this one' names the other files, and deletes them once confirmed", async () => {
    const { network, user } = setup([heroGroup, promoGroup]);
    await screen.findByRole('region', { name: 'Summer hero.jpg' }, { timeout: 3000 });
    await user.click(
      within(file(group('Summer hero.jpg'), 'Summer hero small.jpg')).getByRole('button', {
        name: /Keep this one/,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Keep one file' });
    expect(within(dialog).getByText('Delete 2 other files?')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Summer hero.jpg', 'Summer hero (1).jpg']);
    expect(network.to(DELETE_PATH)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.to(DELETE_PATH)).toHaveLength(1));
    expect(network.to(DELETE_PATH)[0]?.body).toEqual({
      entities: [
        { id: hero.id, library: 'BRAND' },
        { id: heroCopy.id, library: 'BRAND' },
      ],
    });
    // The list is asked again: the group is gone.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Summer hero.jpg' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Promo.mp4' })).toBeTruthy();
    expect(await screen.findByText('Kept "Summer hero small.jpg"')).toBeTruthy();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const { network, user } = setup([promoGroup]);
    await screen.findByRole('region', { name: 'Promo.mp4' }, { timeout: 3000 });
    await user.click(
      within(file(group('Promo.mp4'), 'Promo.mp4')).getByRole('button', { name: /Keep this one/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Keep one file' });
    expect(within(dialog).getByText('Delete 1 other file?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keep one file' })).toBeNull());
    expect(network.to(DELETE_PATH)).toHaveLength(0);
  });

  it("'Not duplicates' posts KEEP_BOTH for each duplicate of the group", async () => {
    const { network, user } = setup([heroGroup, promoGroup]);
    await screen.findByRole('region', { name: 'Summer hero.jpg' }, { timeout: 3000 });
    await user.click(within(group('Summer hero.jpg')).getByRole('button', { name: 'Not duplicates' }));
    await waitFor(() => expect(network.to(resolutionPath(heroSmall))).toHaveLength(1));
    expect(network.to(resolutionPath(heroCopy))[0]?.body).toEqual({ action: 'KEEP_BOTH' });
    expect(network.to(resolutionPath(heroSmall))[0]?.body).toEqual({ action: 'KEEP_BOTH' });
    expect(network.to(resolutionPath(promoCut))).toHaveLength(0);
    expect(network.to(DELETE_PATH)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Summer hero.jpg' })).toBeNull());
    expect(await screen.findByText('Marked as not duplicates')).toBeTruthy();
  });

  it('loads 20 groups a page, more on Load more', async () => {
    const many = Array.from({ length: 23 }, (_, i) => {
      const original = makeAsset({ name: `File ${i + 1}.jpg`, type: 'IMAGE' });
      const copy = makeAsset({
        name: `File ${i + 1} copy.jpg`,
        type: 'IMAGE',
        duplicateOf: { id: original.id, name: original.name, identical: true },
      });
      return { id: original.id, original, duplicates: [copy] };
    });
    const { network, user } = setup(many);
    await screen.findByRole('region', { name: 'File 1.jpg' }, { timeout: 3000 });
    expect(screen.getAllByTestId('duplicate-group')).toHaveLength(20);
    expect(screen.getByTestId('duplicates-count').textContent).toBe('23 groups');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('duplicate-group')).toHaveLength(23));
    expect(network.to(GROUPS_PATH).at(-1)?.url.searchParams.get('offset')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are no duplicates', async () => {
    setup([]);
    const empty = await screen.findByTestId('duplicates-empty', {}, { timeout: 3000 });
    expect(within(empty).getByText('No duplicates found')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Go to the library' })).toBeTruthy();
  });

  it('a failed load says so with a way to try again', async () => {
    setup([], {
      [`GET ${GROUPS_PATH}`]: () => jsonResponse({ statusCode: 500, message: 'boom' }, { status: 500 }),
    });
    const failed = await screen.findByTestId('duplicates-error', {}, { timeout: 3000 });
    expect(within(failed).getByText('Duplicates could not be loaded')).toBeTruthy();
  });

  it('the sidebar links to the page, which wins over the library route', async () => {
    const { router, user } = setup([promoGroup]);
    await screen.findByRole('region', { name: 'Promo.mp4' }, { timeout: 3000 });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const link = within(nav).getByRole('link', { name: 'Duplicates' });
    expect(link.getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('link', { name: 'Library' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/assets'));
    await user.click(within(nav).getByRole('link', { name: 'Duplicates' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/library/duplicates'));
    expect(await screen.findByTestId('duplicates-page')).toBeTruthy();
  });
});
