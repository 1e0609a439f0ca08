import { errorMessages, tagsMessages } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, type FetchHandler, jsonResponse } from '@/test/fetch-stub';
import { fieldError } from '@/test/form';
import { signIn } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';
import { renderApp } from '@/test/render';
import { createTagsApi, demoSeed, type SeedCategory } from '../test/tags-api';

function setup(seed: SeedCategory[] = demoSeed(), extra: Record<string, FetchHandler> = {}) {
  const api = createTagsApi(seed);
  const network = signIn({ routes: { ...api.routes, ...extra } });
  return { ...renderApp('/tags'), network, api };
}

async function section(name: string) {
  const heading = await screen.findByRole('heading', { name, level: 2 }, { timeout: 3000 });
  return heading.closest('section') as HTMLElement;
}

const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });
const chipNames = (element: HTMLElement) =>
  within(element)
    .getAllByTestId('tag-chip')
    .map((chip) => chip.textContent);

describe('tags page', () => {
  it('lists the categories, General first, with their counts; five tags then Show all / Show less', async () => {
    const { user } = setup([
      { name: 'Formats', tags: ['UGC'] },
      { name: 'General', type: 'SYSTEM', tags: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'] },
    ]);
    const general = await section('General');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['General', 'Formats']);
    expect(screen.getByTestId('page-title').textContent).toBe('Tags');
    expect(screen.getByTestId('tags-count').textContent).toBe('8 tags');
    expect(within(general).getByTestId('tag-category-count').textContent).toBe('7');

    expect(chipNames(general)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    await user.click(within(general).getByRole('button', { name: 'Show all (7)' }));
    expect(chipNames(general)).toHaveLength(7);
    await user.click(within(general).getByRole('button', { name: 'Show less' }));
    expect(chipNames(general)).toHaveLength(5);
    expect(within(await section('Formats')).queryByTestId('tag-category-toggle')).toBeNull();
  });

  it('the sidebar has the Tag management entry', async () => {
    setup();
    await section('General');
    const link = screen.getByRole('link', { name: 'Tag management' });
    expect(link.getAttribute('href')).toMatch(/^\/tags/);
  });

  it('SYSTEM categories have no menu; CUSTOM ones can be renamed or deleted', async () => {
    const { user } = setup();
    const general = await section('General');
    expect(within(general).queryByTestId('tag-category-menu')).toBeNull();
    expect(within(general).getByText('System')).toBeTruthy();

    await user.click(within(await section('Formats')).getByRole('button', { name: 'Actions for Formats' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('creates a category: disabled while empty, a 409 at the field, then the created toast', async () => {
    const { user, network } = setup();
    await section('General');
    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag category' });
    const input = within(dialog).getByLabelText(/^Name/);
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(input, '   ');
    expect(create.disabled).toBe(true);

    await user.clear(input);
    await user.type(input, 'hooks');
    expect(create.disabled).toBe(false);
    await user.click(create);
    await waitFor(() => expect(fieldError(input)).toBe(tagsMessages.categoryAlreadyExists));
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(network.to(`${BRAND_PATH}/tag-categories`).filter((r) => r.method === 'POST')).toHaveLength(1);

    await user.clear(input);
    await user.type(input, '  Angles ');
    expect(fieldError(input)).toBeNull();
    await user.click(create);
    expect(await toast(tagsMessages.categoryCreated)).toBeTruthy();
    const posts = network.to(`${BRAND_PATH}/tag-categories`).filter((r) => r.method === 'POST');
    expect(posts[1]?.body).toEqual({ name: 'Angles' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await section('Angles')).toBeTruthy();
  });

  it('a failed create shows the generic error toast', async () => {
    const { user } = setup(demoSeed(), {
      [`POST ${BRAND_PATH}/tag-categories`]: () =>
        errorResponse(500, { code: 'internal_error', title: 'Internal Server Error', message: 'boom' }),
    });
    await section('General');
    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag category' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Angles');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await toast(errorMessages.content)).toBeTruthy();
    expect(screen.getByText(errorMessages.title)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New tag category' })).toBeTruthy();
  });

  it('renames a category only once the name changed', async () => {
    const { user, network, api } = setup();
    await user.click(within(await section('Formats')).getByRole('button', { name: 'Actions for Formats' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename tag category' });
    const input = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(input.value).toBe('Formats');
    expect(save.disabled).toBe(true);
    await user.type(input, ' ');
    expect(save.disabled).toBe(true);
    await user.clear(input);
    expect(save.disabled).toBe(true);
    await user.type(input, 'Placements');
    expect(save.disabled).toBe(false);
    await user.click(save);

    expect(await toast(tagsMessages.categoryUpdated)).toBeTruthy();
    const put = network.to(`${BRAND_PATH}/tag-categories/${api.categoryId('Placements')}`)[0];
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({ name: 'Placements' });
    expect(await section('Placements')).toBeTruthy();
  });

  it('deletes a category after a confirmation saying its tags move to General', async () => {
    const { user, network, api } = setup();
    const formatsId = api.categoryId('Formats');
    await user.click(within(await section('Formats')).getByRole('button', { name: 'Actions for Formats' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/they move to General/)).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/tag-categories/${formatsId}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await toast(tagsMessages.categoryDeleted)).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/tag-categories/${formatsId}`)[0]?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Formats' })).toBeNull());
    const general = await section('General');
    await waitFor(() => expect(within(general).getByTestId('tag-category-count').textContent).toBe('10'));
  });

  it('adds tags inline with Enter and comma; ignores duplicates; Escape cancels', async () => {
    const { user, network, api } = setup();
    const formats = await section('Formats');
    await user.click(within(formats).getByTestId('add-tag'));
    const entry = within(formats).getByRole('textbox', { name: 'New tag in Formats' });
    expect(document.activeElement).toBe(entry);

    await user.type(entry, 'Carousel{Enter}');
    await waitFor(() => expect(chipNames(formats)).toContain('Carousel'));
    const posts = () => network.to(`${BRAND_PATH}/tags`).filter((r) => r.method === 'POST');
    expect(posts()[0]?.body).toEqual({ name: 'Carousel', categoryId: api.categoryId('Formats') });
    expect((entry as HTMLInputElement).value).toBe('');

    await user.type(entry, 'Reel,');
    await waitFor(() => expect(chipNames(formats)).toContain('Reel'));
    expect(posts()[1]?.body).toEqual({ name: 'Reel', categoryId: api.categoryId('Formats') });

    // A tag the category has is ignored: no request.
    await user.type(entry, 'ugc{Enter}');
    expect(posts()).toHaveLength(2);
    expect((entry as HTMLInputElement).value).toBe('');

    await user.type(entry, 'Static shot{Escape}');
    expect(within(formats).queryByRole('textbox')).toBeNull();
    expect(posts()).toHaveLength(2);
  });

  it('shows the 409 of a name used in another category inline; pasted lists use the bulk create', async () => {
    const { user, network, api } = setup();
    const hooks = await section('Hooks');
    await user.click(within(hooks).getByTestId('add-tag'));
    const entry = within(hooks).getByRole('textbox', { name: 'New tag in Hooks' });
    await user.type(entry, 'Summer{Enter}');
    await waitFor(() => expect(fieldError(entry)).toBe(tagsMessages.tagAlreadyExists));
    expect((entry as HTMLInputElement).value).toBe('Summer');
    expect(screen.queryByText(errorMessages.title)).toBeNull();

    await user.clear(entry);
    await user.paste('Listicle, Pattern break, listicle');
    await waitFor(() =>
      expect(chipNames(hooks)).toEqual(expect.arrayContaining(['Listicle', 'Pattern break'])),
    );
    const bulk = network.to(`${BRAND_PATH}/tags/bulk`)[0];
    expect(bulk?.body).toEqual({ names: ['Listicle', 'Pattern break'], categoryId: api.categoryId('Hooks') });
  });

  it('refuses tag names over 20 characters inline', async () => {
    const { user, network } = setup();
    const hooks = await section('Hooks');
    await user.click(within(hooks).getByTestId('add-tag'));
    const entry = within(hooks).getByRole('textbox', { name: 'New tag in Hooks' });
    await user.type(entry, 'A very long tag name indeed{Enter}');
    expect(fieldError(entry)).toBe('Tag names have at most 20 characters');
    expect(network.to(`${BRAND_PATH}/tags`)).toHaveLength(0);
  });

  it('moves selected tags to another category with the category picker', async () => {
    const { user, network, api } = setup();
    const general = await section('General');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(within(general).getByRole('checkbox', { name: 'Select Hero' }));
    await user.click(within(general).getByRole('checkbox', { name: 'Select Launch' }));
    const bar = screen.getByTestId('tags-bulk-bar');
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Move to category' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move to category' }, { timeout: 3000 });
    const move = within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /General/ }));
    expect(move.disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /Hooks/ }));
    expect(move.disabled).toBe(false);
    await user.click(move);

    expect(await toast('2 tags moved')).toBeTruthy();
    const hooksId = api.categoryId('Hooks');
    expect(network.to(`${BRAND_PATH}/tags/${api.tagId('Hero')}`)[0]?.body).toEqual({ categoryId: hooksId });
    expect(network.to(`${BRAND_PATH}/tags/${api.tagId('Launch')}`)[0]?.body).toEqual({ categoryId: hooksId });
    await waitFor(() => expect(chipNames(screen.getByRole('region', { name: 'Hooks' }))).toContain('Hero'));
    expect(screen.queryByTestId('tags-bulk-bar')).toBeNull();
  });

  it('shows the error with a retry when the tags cannot be loaded', async () => {
    let fail = true;
    const { user } = setup(demoSeed(), {
      [`GET ${BRAND_PATH}/tag-categories`]: () =>
        fail ? errorResponse(500, { code: 'internal_error' }) : jsonResponse([]),
    });
    const alert = await screen.findByTestId('tags-error', {}, { timeout: 3000 });
    expect(within(alert).getByText('The tags could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('tags-empty')).toBeTruthy();
  });
});
