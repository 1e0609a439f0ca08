import type { Asset } from '@hookline/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCustomFieldsApi, type SeedField } from '@/test/custom-fields';
import { errorResponse, type FetchHandler, jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import { acme, signIn } from '@/test/identity';
import { BRAND_PATH, libraryRoutes, makeAsset } from '@/test/library';
import { renderApp, renderWithProviders } from '@/test/render';
import { AssetInfo } from './asset-info';

const SAVE_ERROR = 'The change could not be saved; the previous value was restored.';
const seed: SeedField[] = [
  { name: 'Campaign', type: 'SINGLE_SELECT', options: ['Summer 2026', 'Holiday'] },
  { name: 'Launch date', type: 'DATE' },
  { name: 'Agency', type: 'TEXT' },
  { name: 'Budget', type: 'NUMBER' },
];

function openInfo(asset: Asset, save?: FetchHandler) {
  const api = createCustomFieldsApi(seed);
  const saved: RecordedRequest[] = [];
  let current = asset;
  const network = signIn({
    routes: {
      ...libraryRoutes([asset]),
      ...api.routes,
      [`PUT ${BRAND_PATH}/assets/${asset.id}`]: (request) => {
        saved.push(request);
        if (save) return save(request);
        const values = (request.body as { customFields: Record<string, unknown> }).customFields;
        const customFields = { ...current.customFields } as Record<string, unknown>;
        for (const [id, value] of Object.entries(values)) {
          if (value === null) delete customFields[id];
          else customFields[id] = value;
        }
        current = { ...current, customFields: customFields as Asset['customFields'] };
        return jsonResponse(current);
      },
    },
  });
  const rendered = renderApp(`/library/assets/root/${asset.id}/info`);
  return { ...rendered, network, saved, api };
}

const fields = () => screen.findByTestId('player-fields', {}, { timeout: 3000 });

describe('player info tab: custom fields', () => {
  it('saves a date on blur and a choice at once, each as its own value', async () => {
    const clip = makeAsset({ name: 'Hero.mp4' });
    const { user, saved, api } = openInfo(clip);
    const section = await fields();
    const date = (await within(section).findByLabelText('Launch date')) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.value).toBe('');

    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-06-01' } });
    expect(saved).toHaveLength(0);
    fireEvent.blur(date);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ customFields: { [api.field('Launch date').id]: '2026-06-01' } });

    await user.click(within(section).getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Holiday' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.body).toEqual({
      customFields: { [api.field('Campaign').id]: api.optionId('Campaign', 'Holiday') },
    });
    expect((within(section).getByRole('combobox', { name: 'Campaign' }) as HTMLInputElement).value).toBe(
      'Holiday',
    );
    // Leaving a value unchanged sends nothing.
    fireEvent.focus(date);
    fireEvent.blur(date);
    expect(saved).toHaveLength(2);
  });

  it('trims text, sends numbers as numbers and clears with null', async () => {
    const clip = makeAsset({ name: 'Hero.mp4' });
    const { user, saved, api } = openInfo(clip);
    const section = await fields();
    const agency = await within(section).findByRole('textbox', { name: 'Agency' });
    await user.type(agency, '  Acme Studio {Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.body).toEqual({ customFields: { [api.field('Agency').id]: 'Acme Studio' } });

    const budget = await within(section).findByRole('textbox', { name: 'Budget' });
    await user.type(budget, '1500');
    fireEvent.blur(budget);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.body).toEqual({ customFields: { [api.field('Budget').id]: 1500 } });

    await user.clear(agency);
    fireEvent.blur(agency);
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]?.body).toEqual({ customFields: { [api.field('Agency').id]: null } });
  });

  it('a failed save puts the previous value back and shows the saveError warning', async () => {
    const api = createCustomFieldsApi(seed);
    const clip = makeAsset({
      name: 'Hero.mp4',
      customFields: { [api.field('Campaign').id]: api.optionId('Campaign', 'Summer 2026') },
    });
    const { user, saved } = openInfo(clip, () => errorResponse(500, { message: 'nope' }));
    const section = await fields();
    const campaign = (await within(section).findByRole('combobox', { name: 'Campaign' })) as HTMLInputElement;
    await waitFor(() => expect(campaign.value).toBe('Summer 2026'));
    await user.click(campaign);
    await user.click(await screen.findByRole('option', { name: 'Holiday' }));
    expect(await screen.findByText(SAVE_ERROR)).toBeTruthy();
    expect(saved).toHaveLength(1);
    await waitFor(() => expect(campaign.value).toBe('Summer 2026'));
  });

  it('a web address that is not http or https is not sent', async () => {
    const clip = makeAsset({ name: 'Hero.mp4' });
    const api = createCustomFieldsApi([{ name: 'Brief', type: 'URL' }]);
    const saved: RecordedRequest[] = [];
    signIn({
      routes: {
        ...libraryRoutes([clip]),
        ...api.routes,
        [`PUT ${BRAND_PATH}/assets/${clip.id}`]: (request) => {
          saved.push(request);
          return jsonResponse(clip);
        },
      },
    });
    const { user } = renderApp(`/library/assets/root/${clip.id}/info`);
    const input = await within(await fields()).findByRole('textbox', { name: 'Brief' });
    await user.type(input, 'javascript:alert(1)');
    fireEvent.blur(input);
    expect(await screen.findByText('Enter a web address starting with http:// or https://')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('without write access the values are text, with — for none', async () => {
    const api = createCustomFieldsApi(seed);
    const clip = makeAsset({
      name: 'Hero.mp4',
      customFields: {
        [api.field('Campaign').id]: api.optionId('Campaign', 'Holiday'),
        [api.field('Launch date').id]: '2026-06-01',
      },
    });
    signIn({ routes: api.routes });
    renderWithProviders(
      <AssetInfo asset={clip} scope={{ accountId: acme.accountId, brandId: acme.id }} canEdit={false} />,
    );
    const section = await fields();
    await waitFor(() =>
      expect(within(section).getByTestId('player-field-Campaign').textContent).toBe('CampaignHoliday'),
    );
    expect(within(section).getByTestId('player-field-Launch date').textContent).toBe(
      'Launch dateJun 1, 2026',
    );
    expect(within(section).getByTestId('player-field-Agency').textContent).toBe('Agency—');
    expect(within(section).queryByRole('textbox')).toBeNull();
  });
});
