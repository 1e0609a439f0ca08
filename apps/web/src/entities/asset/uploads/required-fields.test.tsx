import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCustomFieldsApi, type SeedField } from '@/test/custom-fields';
import { jsonResponse } from '@/test/fetch-stub';
import { signIn } from '@/test/identity';
import { BRAND_PATH, folder, libraryRoutes } from '@/test/library';
import { renderApp } from '@/test/render';

const campaigns = folder('Campaigns');
const batchPath = `${BRAND_PATH}/assets/batch`;
const fieldsPath = `${BRAND_PATH}/custom-fields`;

function setup(seed: SeedField[]) {
  const api = createCustomFieldsApi(seed);
  const network = signIn({
    routes: {
      ...libraryRoutes([campaigns]),
      ...api.routes,
      // No file is sent in these tests: the batch creates nothing.
      [`POST ${batchPath}`]: () => jsonResponse({ assets: [], skipped: [] }, { status: 201 }),
    },
  });
  return { ...renderApp('/library/assets'), network, api };
}

const clip = () => new File([new Uint8Array(64)], 'clip.mp4', { type: 'video/mp4' });
const photo = () => new File([new Uint8Array(64)], 'photo.jpg', { type: 'image/jpeg' });

async function chooseFiles(user: ReturnType<typeof setup>['user'], files: File[]) {
  await screen.findByRole('article', { name: 'Campaigns' }, { timeout: 3000 });
  await user.upload(screen.getByTestId('upload-files-input') as HTMLInputElement, files);
}

const requiredSeed: SeedField[] = [
  { name: 'Campaign', type: 'SINGLE_SELECT', options: ['Summer 2026', 'Holiday'], requiredOnUpload: true },
  { name: 'Agency', type: 'TEXT' },
];

describe('uploads: fields required on upload', () => {
  it('asks for the required values before any file starts; the batch carries them', async () => {
    const { user, network, api } = setup(requiredSeed);
    await chooseFiles(user, [clip(), photo()]);
    const dialog = await screen.findByRole('dialog', { name: 'Before you upload' }, { timeout: 3000 });
    expect(within(dialog).getByText('These values go on the 2 files of this upload.')).toBeTruthy();
    expect(network.to(batchPath)).toHaveLength(0);
    const upload = within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    await user.click(await within(dialog).findByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Holiday' }));
    expect(upload.disabled).toBe(false);
    // The other fields are optional, behind a toggle.
    await user.click(within(dialog).getByRole('button', { name: 'Other fields (1)' }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'Agency' }), ' Acme Studio ');
    await user.click(upload);

    await waitFor(() => expect(network.to(batchPath)).toHaveLength(1));
    const body = network.to(batchPath)[0]?.body as { assets: { name: string }[]; customFields: unknown };
    expect(body.assets.map((asset) => asset.name)).toEqual(['clip.mp4', 'photo.jpg']);
    expect(body.customFields).toEqual({
      [api.field('Campaign').id]: api.optionId('Campaign', 'Holiday'),
      [api.field('Agency').id]: 'Acme Studio',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Before you upload' })).toBeNull());
  });

  it('cancelling the dialog uploads nothing', async () => {
    const { user, network } = setup(requiredSeed);
    await chooseFiles(user, [clip()]);
    const dialog = await screen.findByRole('dialog', { name: 'Before you upload' }, { timeout: 3000 });
    expect(within(dialog).getByText('These values go on the file of this upload.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Before you upload' })).toBeNull());
    expect(network.to(batchPath)).toHaveLength(0);
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });

  it('with no required field the upload starts at once; the fields are fetched only then', async () => {
    const { user, network } = setup([{ name: 'Agency', type: 'TEXT' }]);
    await screen.findByRole('article', { name: 'Campaigns' }, { timeout: 3000 });
    // Nothing on the first load.
    expect(network.to(fieldsPath)).toHaveLength(0);
    await chooseFiles(user, [clip()]);
    await waitFor(() => expect(network.to(batchPath)).toHaveLength(1));
    expect(network.to(fieldsPath)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Before you upload' })).toBeNull();
    expect(network.to(batchPath)[0]?.body).not.toHaveProperty('customFields');

    // A second upload reuses the cached list.
    await user.upload(screen.getByTestId('upload-files-input') as HTMLInputElement, [photo()]);
    await waitFor(() => expect(network.to(batchPath)).toHaveLength(2));
    expect(network.to(fieldsPath)).toHaveLength(1);
  });
});
