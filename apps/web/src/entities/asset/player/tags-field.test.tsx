import type { Asset, Tag, TagCategory } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp } from '@/test/render';

const tag = (id: string, name: string): Tag => ({
  id,
  name,
  categoryId: 'general',
  autoSearchInFiles: false,
  description: null,
  usageCount: 0,
});
const summer = tag('tag-summer', 'Summer');
const hooks = tag('tag-hook', 'Question hook');
const general: TagCategory = {
  id: 'general',
  name: 'General',
  type: 'SYSTEM',
  tagsCount: 2,
  children: [hooks, summer],
};

function openOverview(asset: Asset, save?: FetchHandler) {
  const saved: RecordedRequest[] = [];
  const network = signIn({
    routes: {
      ...libraryRoutes([asset]),
      [`GET ${BRAND_PATH}/tag-categories`]: () => jsonResponse([general]),
      [`GET ${BRAND_PATH}/tags`]: () => jsonResponse([hooks, summer]),
      // Like the server: a name the brand has (ignoring case) answers the existing tag.
      [`POST ${BRAND_PATH}/tags/bulk`]: (request) =>
        jsonResponse(
          (request.body as { names: string[] }).names.map(
            (name, i) =>
              [hooks, summer].find((known) => known.name.toLowerCase() === name.toLowerCase()) ??
              tag(`tag-new-${i}`, name),
          ),
        ),
      [`PUT ${BRAND_PATH}/assets/${asset.id}`]: (request) => {
        saved.push(request);
        if (save) return save(request);
        const ids = (request.body as { tags: string[] }).tags;
        return jsonResponse({
          ...asset,
          tags: ids.map((id) => ({
            id,
            name: id === summer.id ? 'Summer' : id === hooks.id ? 'Question hook' : 'New',
          })),
        });
      },
    },
  });
  const rendered = renderApp(`/library/assets/root/${asset.id}/overview`);
  return { ...rendered, network, saved };
}

const input = () => screen.findByRole('combobox', { name: 'Tags' });
const chips = () =>
  [
    ...(
      screen.getByTestId('tag-selector').closest('.mantine-TagsInput-root') ?? document.body
    ).querySelectorAll('.mantine-Pill-label'),
  ].map((pill) => pill.textContent);

describe('player overview: tags', () => {
  it('Enter adds a known tag by name, ignoring case, and saves the whole set by id', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', tags: [{ id: hooks.id, name: hooks.name }] });
    const { user, saved } = openOverview(clip);
    const field = await input();
    await user.type(field, 'summer{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ tags: [hooks.id, summer.id] });
    await waitFor(() => expect(chips()).toEqual(['Question hook', 'Summer']));
  });

  it('a comma adds a new name, created in General first; duplicates are ignored', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', tags: [{ id: summer.id, name: summer.name }] });
    const { user, saved, network } = openOverview(clip);
    const field = await input();
    await user.type(field, 'SUMMER,');
    expect(saved).toHaveLength(0);
    await user.type(field, 'Fresh look,');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(network.to(`${BRAND_PATH}/tags/bulk`)[0]?.body).toEqual({ names: ['Fresh look'] });
    expect(saved[0]?.body).toEqual({ tags: [summer.id, 'tag-new-0'] });
  });

  it('Tab adds, Escape cancels the typing, Backspace on an empty entry removes the last tag', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', tags: [{ id: summer.id, name: summer.name }] });
    const { user, saved } = openOverview(clip);
    const field = await input();
    await user.type(field, 'Question hook');
    await user.keyboard('{Escape}');
    expect((field as HTMLInputElement).value).toBe('');
    expect(saved).toHaveLength(0);
    await user.type(field, 'question hook');
    await user.keyboard('{Tab}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ tags: [summer.id, hooks.id] });
    await user.click(field);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.body).toEqual({ tags: [summer.id] });
  });

  it('a refused save puts the tags back and says so', async () => {
    const clip = makeAsset({ name: 'Hero.mp4', tags: [] });
    const { user } = openOverview(clip, () => errorResponse(400, { message: 'Unknown tag' }));
    const field = await input();
    await user.type(field, 'summer{Enter}');
    expect(await screen.findByText('Could not save the tags')).toBeTruthy();
    await waitFor(() => expect(chips()).toEqual([]));
    expect(within(document.body).queryByText('Unknown tag')).toBeNull();
  });
});
