import { errorMessages, interpolate, TAG_LIMITS, tagsMessages } from '@hookline/contract';
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

async function openTag(user: ReturnType<typeof setup>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Open tag ${name}` }, { timeout: 3000 }));
  return screen.findByRole('dialog', { name: 'Tag info' }, { timeout: 3000 });
}

const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });
const limitText = interpolate(tagsMessages.autoSearchLimit, { limit: TAG_LIMITS.autoSearchPerAccount });

/** A brand whose tags already use every auto-search the account has. */
function atLimitSeed(): SeedCategory[] {
  return [
    {
      name: 'General',
      type: 'SYSTEM',
      tags: [
        'A plain',
        { name: 'A searched', autoSearchInFiles: true },
        ...Array.from({ length: TAG_LIMITS.autoSearchPerAccount - 1 }, (_, i) => ({
          name: `Auto ${String(i + 1).padStart(2, '0')}`,
          autoSearchInFiles: true,
        })),
      ],
    },
  ];
}

describe('tag info dialog', () => {
  it('saves only a changed, valid form and sends only what changed', async () => {
    const { user, network, api } = setup();
    const dialog = await openTag(user, 'UGC');
    const name = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(name.value).toBe('UGC');
    expect(save.disabled).toBe(true);

    await user.clear(name);
    expect(save.disabled).toBe(true);
    await user.type(name, 'UGC ');
    expect(save.disabled).toBe(true);
    await user.type(name, 'video');
    expect(save.disabled).toBe(false);

    const description = within(dialog).getByLabelText('Description');
    await user.type(description, '  Made by creators ');
    await user.click(save);

    expect(await toast('Tag saved')).toBeTruthy();
    const put = network.to(`${BRAND_PATH}/tags/${api.tagId('UGC video')}`)[0];
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({ name: 'UGC video', description: 'Made by creators' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Open tag UGC video' })).toBeTruthy();
  });

  it('counts the description against 700 characters', async () => {
    const { user } = setup();
    const dialog = await openTag(user, 'Question');
    const counter = within(dialog).getByTestId('tag-description-counter');
    expect(counter.textContent).toBe('21 / 700');
    const description = within(dialog).getByLabelText('Description') as HTMLTextAreaElement;
    expect(description.maxLength).toBe(700);
    await user.clear(description);
    expect(counter.textContent).toBe('0 / 700');
    await user.type(description, 'Hook');
    expect(counter.textContent).toBe('4 / 700');
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a taken name at the field', async () => {
    const { user } = setup();
    const dialog = await openTag(user, 'UGC');
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'static');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(name)).toBe(tagsMessages.tagAlreadyExists));
    expect(screen.queryByText(errorMessages.title)).toBeNull();
  });

  it('moves the tag with the category select', async () => {
    const { user, network, api } = setup();
    const dialog = await openTag(user, 'UGC');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Hooks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await toast('Tag saved')).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/tags/${api.tagId('UGC')}`)[0]?.body).toEqual({
      categoryId: api.categoryId('Hooks'),
    });
  });

  it('turns auto-search off only at the limit: the switch is disabled for tags that do not have it', async () => {
    const { user, network, api } = setup(atLimitSeed());
    let dialog = await openTag(user, 'A plain');
    let autoSearch = within(dialog).getByRole('switch', {
      name: /^Auto-search in files/,
    }) as HTMLInputElement;
    expect(autoSearch.disabled).toBe(true);
    expect(within(dialog).getByText(limitText)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openTag(user, 'A searched');
    autoSearch = within(dialog).getByRole('switch', { name: /^Auto-search in files/ }) as HTMLInputElement;
    expect(autoSearch.disabled).toBe(false);
    expect(autoSearch.checked).toBe(true);
    await user.click(autoSearch);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await toast('Tag saved')).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/tags/${api.tagId('A searched')}`)[0]?.body).toEqual({
      autoSearchInFiles: false,
    });
  });

  it("shows the server's refusal of auto-search under the switch", async () => {
    // The page counts this brand's tags; the account's other brands may use up the limit.
    const api = createTagsApi(demoSeed());
    const refusal = { path: 'body.autoSearchInFiles', message: limitText };
    signIn({
      routes: {
        ...api.routes,
        [`PUT ${BRAND_PATH}/tags/${api.tagId('UGC')}`]: () =>
          errorResponse(400, {
            code: 'validation_error',
            title: 'Bad Request',
            message: limitText,
            fields: [refusal],
          }),
      },
    });
    const { user } = renderApp('/tags');
    const dialog = await openTag(user, 'UGC');
    const autoSearch = within(dialog).getByRole('switch', {
      name: /^Auto-search in files/,
    }) as HTMLInputElement;
    expect(autoSearch.disabled).toBe(false);
    expect(within(dialog).queryByText(limitText)).toBeNull();
    await user.click(autoSearch);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(limitText)).toBeTruthy();
    expect(screen.queryByText('Bad Request')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Tag info' })).toBeTruthy();
  });

  it('deletes the tag after a confirmation', async () => {
    const { user, network, api } = setup();
    const id = api.tagId('Static');
    const dialog = await openTag(user, 'Static');
    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    const confirm = await screen.findByTestId('confirm-delete-tag');
    expect(screen.getByText(/taken off every item/)).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/tags/${id}`)).toHaveLength(0);
    await user.click(confirm);
    expect(await toast('Tag deleted')).toBeTruthy();
    expect(network.to(`${BRAND_PATH}/tags/${id}`)[0]?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open tag Static' })).toBeNull());
  });

  it('shows usage counts only with the tagUsageCount flag, asking the server for them', async () => {
    const seed = demoSeed();
    seed[1]!.tags = [{ name: 'UGC', usageCount: 12 }];
    const { user, network } = setup(seed, {
      'GET /api/feature-flags': () => jsonResponse({ tagUsageCount: true }),
    });
    const dialog = await openTag(user, 'UGC');
    expect(within(dialog).getByTestId('tag-usage-count').textContent).toBe('Used on 12 items');
    const queries = network
      .to(`${BRAND_PATH}/tag-categories`)
      .map((r) => r.url.searchParams.get('includeCount'));
    expect(queries).toContain('true');
  });

  it('has no usage count with the flag off (the default)', async () => {
    const { user, network } = setup();
    const dialog = await openTag(user, 'UGC');
    expect(within(dialog).queryByTestId('tag-usage-count')).toBeNull();
    expect(screen.queryAllByTestId('tag-usage')).toHaveLength(0);
    const queries = network
      .to(`${BRAND_PATH}/tag-categories`)
      .map((r) => r.url.searchParams.get('includeCount'));
    expect(queries.every((value) => value === null)).toBe(true);
  });
});
