import { customFieldsMessages, errorMessages } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCustomFieldsApi, demoFields, type SeedField } from '@/test/custom-fields';
import { errorResponse, type FetchHandler } from '@/test/fetch-stub';
import { fieldError } from '@/test/form';
import { makeProfile, signIn } from '@/test/identity';
import { BRAND_PATH } from '@/test/library';
import { renderApp } from '@/test/render';
import { createTagsApi, demoSeed } from '../test/tags-api';

function setup({
  seed = demoFields(),
  role = 'admin',
  extra = {},
  entry = '/tags?tab=fields',
}: {
  seed?: SeedField[];
  role?: 'admin' | 'member';
  extra?: Record<string, FetchHandler>;
  entry?: string;
} = {}) {
  const api = createCustomFieldsApi(seed);
  const tags = createTagsApi(demoSeed());
  const network = signIn({
    profile: makeProfile({ role }),
    routes: { ...tags.routes, ...api.routes, ...extra },
  });
  return { ...renderApp(entry), network, api };
}

const rows = () => screen.findAllByTestId('field-row', {}, { timeout: 3000 });
const rowNames = () => screen.getAllByTestId('field-name').map((name) => name.textContent);
const row = (name: string) =>
  screen.getAllByTestId('field-row').find((element) => within(element).queryByText(name)) as HTMLElement;
const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });
const fieldCalls = (network: ReturnType<typeof setup>['network'], method: string, id = '') =>
  network.requests.filter(
    (r) => r.method === method && r.url.pathname === `${BRAND_PATH}/custom-fields${id ? `/${id}` : ''}`,
  );

describe('tags page: custom fields tab', () => {
  it('the Custom fields tab lists the fields in order with type, required badge, options and description', async () => {
    const { user, router } = setup({
      entry: '/tags',
      seed: [...demoFields(), { name: 'Launch date', type: 'DATE', requiredOnUpload: true }],
    });
    await screen.findByRole('heading', { name: 'General', level: 2 }, { timeout: 3000 });
    await user.click(screen.getByRole('tab', { name: 'Custom fields' }));
    await rows();
    expect(router.state.location.search).toContain('tab=fields');
    expect(screen.getByTestId('page-title').textContent).toBe('Custom fields');
    expect(screen.getByTestId('fields-count').textContent).toBe('3 fields');
    expect(rowNames()).toEqual(['Campaign', 'Agency', 'Launch date']);

    const campaign = row('Campaign');
    expect(within(campaign).getByTestId('field-type').textContent).toBe('Single select');
    expect(within(campaign).getByTestId('field-meta').textContent).toBe('2 options · Used on 3 items');
    expect(within(campaign).getByTestId('field-description').textContent).toBe(
      'The campaign a file was made for',
    );
    expect(within(campaign).queryByTestId('field-required')).toBeNull();
    expect(within(row('Launch date')).getByTestId('field-required').textContent).toBe('Required on upload');
    expect(within(row('Agency')).getByTestId('field-meta').textContent).toBe('Used on 1 item');

    await user.click(screen.getByRole('tab', { name: 'Tags' }));
    expect(await screen.findByRole('heading', { name: 'General', level: 2 })).toBeTruthy();
    expect(router.state.location.search).not.toContain('tab=fields');
  });

  it('creates a required single select with its options', async () => {
    const { user, network } = setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'New field' }));
    const dialog = await screen.findByRole('dialog', { name: 'New custom field' });
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    await user.type(within(dialog).getByLabelText(/^Name/), '  Market ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Single select' }));
    // A select field needs named options: an empty one blocks Create.
    const first = within(dialog).getByRole('textbox', { name: 'Option 1' });
    expect(create.disabled).toBe(true);
    await user.type(first, 'US{Enter}');
    const second = within(dialog).getByRole('textbox', { name: 'Option 2' });
    expect(document.activeElement).toBe(second);
    await user.type(second, 'us');
    second.blur();
    await waitFor(() => expect(fieldError(second)).toBe(customFieldsMessages.duplicateOption));
    expect(create.disabled).toBe(true);
    await user.clear(second);
    await user.type(second, 'EU');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 3' }), 'Delete me');
    await user.click(within(dialog).getByRole('button', { name: 'Remove option 3' }));
    await user.type(within(dialog).getByLabelText('Description'), 'Where the ad runs');
    await user.click(within(dialog).getByRole('switch', { name: /Required on upload/ }));
    await user.click(create);

    expect(await toast('Field created')).toBeTruthy();
    expect(fieldCalls(network, 'POST')[0]?.body).toEqual({
      name: 'Market',
      type: 'SINGLE_SELECT',
      options: [{ label: 'US' }, { label: 'EU' }],
      description: 'Where the ad runs',
      requiredOnUpload: true,
    });
    await waitFor(() => expect(rowNames()).toEqual(['Campaign', 'Agency', 'Market']));
    expect(within(row('Market')).getByTestId('field-required')).toBeTruthy();
    expect(within(row('Market')).getByTestId('field-meta').textContent).toBe('2 options · No values yet');
  });

  it('a taken name answers 409: the message shows at the name field', async () => {
    const { user, network } = setup();
    await rows();
    await user.click(screen.getByRole('button', { name: 'New field' }));
    const dialog = await screen.findByRole('dialog', { name: 'New custom field' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.type(name, 'agency');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fieldError(name)).toBe(customFieldsMessages.alreadyExists));
    expect(fieldCalls(network, 'POST')).toHaveLength(1);
    expect(screen.queryByText(errorMessages.title)).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(name, ' house');
    expect(fieldError(name)).toBeNull();
  });

  it('editing shows the type read-only; a renamed option keeps its id', async () => {
    const { user, network, api } = setup();
    await rows();
    await user.click(within(row('Campaign')).getByRole('button', { name: 'Actions for Campaign' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit custom field' });
    const type = within(dialog).getByRole('textbox', { name: 'Type' }) as HTMLInputElement;
    expect(type.value).toBe('Single select');
    expect(type.readOnly).toBe(true);
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const summer = api.optionId('Campaign', 'Summer 2026');
    const holiday = api.optionId('Campaign', 'Holiday');
    const option = within(dialog).getByRole('textbox', { name: 'Option 1' });
    await user.clear(option);
    await user.type(option, 'Summer 26');
    await user.click(save);
    expect(await toast('Field saved')).toBeTruthy();
    const put = fieldCalls(network, 'PUT', api.field('Campaign').id)[0];
    expect(put?.body).toEqual({
      options: [
        { id: summer, label: 'Summer 26' },
        { id: holiday, label: 'Holiday' },
      ],
    });
  });

  it('deleting confirms how many items lose a value', async () => {
    const { user, network, api } = setup();
    await rows();
    const id = api.field('Campaign').id;
    await user.click(within(row('Campaign')).getByRole('button', { name: 'Actions for Campaign' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete custom field' });
    expect(within(dialog).getByTestId('delete-field-text').textContent).toBe(
      'Delete "Campaign"? 3 items lose their value. This cannot be undone.',
    );
    expect(fieldCalls(network, 'DELETE', id)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toast('Field deleted')).toBeTruthy();
    expect(fieldCalls(network, 'DELETE', id)).toHaveLength(1);
    await waitFor(() => expect(rowNames()).toEqual(['Agency']));
  });

  it('moving a field sends its new position and shows the new order', async () => {
    const { user, network, api } = setup();
    await rows();
    expect(
      (within(row('Campaign')).getByRole('button', { name: 'Move Campaign up' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(within(row('Agency')).getByRole('button', { name: 'Move Agency up' }));
    await waitFor(() => expect(rowNames()).toEqual(['Agency', 'Campaign']));
    const put = fieldCalls(network, 'PUT', api.field('Agency').id)[0];
    expect(put?.body).toEqual({ position: 0 });
    await waitFor(() =>
      expect(
        (within(row('Agency')).getByRole('button', { name: 'Move Agency up' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('a refused move puts the order back and says so', async () => {
    const { user, api } = setup({
      extra: {
        [`PUT ${BRAND_PATH}/custom-fields/cf000000-0000-4000-8000-000000000004`]: () =>
          errorResponse(500, { code: 'internal_error', title: 'Internal Server Error', message: 'boom' }),
      },
    });
    await rows();
    expect(api.field('Agency').id).toBe('cf000000-0000-4000-8000-000000000004');
    await user.click(within(row('Agency')).getByRole('button', { name: 'Move Agency up' }));
    expect(await toast('boom')).toBeTruthy();
    await waitFor(() => expect(rowNames()).toEqual(['Campaign', 'Agency']));
  });

  it('members see the fields read-only', async () => {
    setup({ role: 'member' });
    await rows();
    expect(screen.getByTestId('fields-read-only').textContent).toBe(
      'Only admins of this account can change custom fields.',
    );
    expect(screen.queryByRole('button', { name: 'New field' })).toBeNull();
    expect(screen.queryByTestId('field-menu')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });

  it('an empty brand shows the empty state with New field for admins', async () => {
    const { user } = setup({ seed: [] });
    const empty = await screen.findByTestId('fields-empty', {}, { timeout: 3000 });
    expect(within(empty).getByText('No custom fields yet.')).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: 'New field' }));
    expect(await screen.findByRole('dialog', { name: 'New custom field' })).toBeTruthy();
  });
});
