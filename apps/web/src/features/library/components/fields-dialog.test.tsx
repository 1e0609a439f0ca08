import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssetItem } from '@/entities/asset/api/keys';
import { createCustomFieldsApi } from '@/test/custom-fields';
import { jsonResponse, type RecordedRequest, stubFetch } from '@/test/fetch-stub';
import { acme } from '@/test/identity';
import { BRAND_PATH, folder, makeAsset } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import { BulkBar } from './bulk-bar';
import { type ActionTarget, useLibraryActions } from './use-library-actions';

const scope = { accountId: acme.accountId, brandId: acme.id };
const bulkPath = `${BRAND_PATH}/library/bulk`;

/** The bulk bar wired to the library's actions as the library page wires it. */
function Harness({ target }: { target: ActionTarget }) {
  const actions = useLibraryActions(scope);
  return (
    <>
      <BulkBar
        count={target.count ?? target.items.length}
        hasSystem={false}
        onTags={() => actions.tagItems(target)}
        onFields={() => actions.editFields(target)}
        onClear={() => undefined}
      />
      {actions.dialogs}
    </>
  );
}

function setup(target: ActionTarget, children: AssetItem[] = []) {
  const api = createCustomFieldsApi([
    { name: 'Campaign', type: 'SINGLE_SELECT', options: ['Summer 2026', 'Holiday'] },
    { name: 'Agency', type: 'TEXT' },
    { name: 'Budget', type: 'NUMBER' },
  ]);
  const bulk: RecordedRequest[] = [];
  const network = stubFetch({
    ...api.routes,
    [`PUT ${bulkPath}`]: (request) => {
      bulk.push(request);
      const { entities } = request.body as { entities: { id: string }[] };
      return jsonResponse({ updatedEntities: entities.map((entity) => entity.id) });
    },
    [`GET ${BRAND_PATH}/assets`]: (request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      const limit = Number(request.url.searchParams.get('limit'));
      return jsonResponse(children.slice(offset, offset + limit), {
        headers: { 'x-total-count': String(children.length) },
      });
    },
  });
  const rendered = renderWithProviders(<Harness target={target} />);
  return { ...rendered, network, api, bulk };
}

const toast = (text: string) => screen.findByText(text, { selector: '.mantine-Notification-description' });

describe('bulk bar: Edit fields', () => {
  it('sets the ticked fields on the selected files; a ticked field left empty is cleared', async () => {
    const shoot = folder('Shoot');
    const hero = makeAsset({ name: 'Hero.mp4' });
    const logo = makeAsset({ name: 'Logo.png', type: 'IMAGE' });
    const { user, api, bulk } = setup({ items: [hero, logo, shoot], parentId: 'root' });

    await user.click(screen.getByRole('button', { name: 'Edit fields' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit fields' }, { timeout: 3000 });
    expect(
      await within(dialog).findByText(
        'Tick the fields to change on 2 items. A ticked field left empty is cleared.',
      ),
    ).toBeTruthy();
    const apply = within(dialog).getByRole('button', { name: 'Update 2 items' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);

    await user.click(await within(dialog).findByRole('checkbox', { name: 'Campaign' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Set Campaign to' }));
    await user.click(await screen.findByRole('option', { name: 'Holiday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Agency' }));
    expect(await within(dialog).findByText('Left empty, this clears the value.')).toBeTruthy();
    // Ticked and left empty: cleared too.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Budget' }));
    expect(apply.disabled).toBe(false);
    await user.click(apply);

    await waitFor(() => expect(bulk).toHaveLength(1));
    expect(bulk[0]?.body).toEqual({
      entities: [
        { id: hero.id, library: 'BRAND' },
        { id: logo.id, library: 'BRAND' },
      ],
      updateQuery: {
        customFields: {
          [api.field('Campaign').id]: api.optionId('Campaign', 'Holiday'),
          [api.field('Agency').id]: null,
          [api.field('Budget').id]: null,
        },
      },
    });
    expect(await toast('Updated 2 items')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit fields' })).toBeNull());
  });

  it('with select-all past the loaded pages, every file of the folder gets the values', async () => {
    const shoot = folder('Shoot');
    const children = [
      folder('Day 1', { parentId: shoot.id }),
      ...Array.from({ length: 44 }, (_, i) =>
        makeAsset({ name: `Clip ${String(i).padStart(2, '0')}.mp4`, parentId: shoot.id }),
      ),
    ];
    const loaded = children.slice(0, 40);
    const { user, api, bulk, network } = setup(
      { items: loaded, parentId: shoot.id, all: true, count: 45 },
      children,
    );
    await user.click(screen.getByRole('button', { name: 'Edit fields' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit fields' }, { timeout: 3000 });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Agency' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Set Agency to' }), 'Acme Studio');
    await user.click(within(dialog).getByRole('button', { name: 'Update 45 items' }));

    await waitFor(() => expect(bulk).toHaveLength(1));
    const listed = network.to(`${BRAND_PATH}/assets`);
    expect(listed[0]?.url.searchParams.get('parentId')).toBe(shoot.id);
    const body = bulk[0]?.body as { entities: { id: string }[]; updateQuery: unknown };
    expect(body.entities.map((entity) => entity.id)).toEqual(children.slice(1).map((child) => child.id));
    expect(body.updateQuery).toEqual({ customFields: { [api.field('Agency').id]: 'Acme Studio' } });
    expect(await toast('Updated 44 items')).toBeTruthy();
  });
});
