import type { Brand } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { fieldError } from '@/test/form';
import { makeBrand, makeProfile, signIn } from '@/test/identity';
import { renderApp } from '@/test/render';

const brand = makeBrand({
  id: 'brand-acme',
  name: 'Acme',
  guidelines: [
    { id: 11, brandId: 'brand-acme', text: 'Fast shipping', type: 'VALUE_PROPS', isDeleted: false },
    { id: 12, brandId: 'brand-acme', text: 'Vegan', type: 'VALUE_PROPS', isDeleted: false },
  ],
});

function setup({
  role = 'admin',
  isSuperUser = false,
}: {
  role?: 'admin' | 'member';
  isSuperUser?: boolean;
} = {}) {
  let current: Brand = brand;
  const network = signIn({
    brands: [brand],
    profile: makeProfile({ role, isSuperUser }),
    routes: {
      'GET /api/brands/brand-acme': () => jsonResponse(current),
      'PUT /api/brands/brand-acme': (request) => {
        const body = request.body as { name: string };
        current = { ...current, name: body.name, guidelines: [] };
        return jsonResponse(current);
      },
      'PUT /api/brands/brand-acme/creative_kit': () =>
        jsonResponse({
          brandId: current.id,
          logoURL: current.logoURL,
          fullLogoURL: current.fullLogoURL,
          brandKit: current.brandKit,
        }),
      'GET /api/industries': () => jsonResponse([{ id: 1, name: 'Beauty' }]),
      'GET /api/users': () => jsonResponse([]),
    },
  });
  const rendered = renderApp('/settings/brand');
  return { ...rendered, network };
}

async function aboutForm() {
  return within(await screen.findByRole('form', { name: 'About' }));
}

describe('brand settings: about', () => {
  it('saves only when something changed', async () => {
    const { user, network } = setup();
    const form = await aboutForm();
    const name = form.getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Acme');
    const save = form.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.type(name, ' Co');
    expect(save.disabled).toBe(false);
    await user.type(name, '{Backspace}{Backspace}{Backspace}');
    expect(save.disabled).toBe(true);
    expect(network.to('/api/brands/brand-acme').filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('checks the name and the website', async () => {
    const { user } = setup();
    const form = await aboutForm();
    const name = form.getByLabelText(/^Name/);
    const website = form.getByLabelText(/^Website/);
    await user.clear(website);
    await user.type(website, 'acme');
    await user.clear(name);
    await user.type(name, 'Ac');
    await user.click(website);
    expect(fieldError(website)).toBe('Please enter a valid URL');
    expect(fieldError(name)).toBe('Name must be between 3 and 30 characters');
    expect((form.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts the description characters', async () => {
    const { user } = setup();
    const form = await aboutForm();
    expect(form.getByText('16 / 2000')).toBeTruthy();
    await user.type(form.getByLabelText(/^Description/), '!');
    expect(form.getByText('17 / 2000')).toBeTruthy();
  });

  it('value propositions: new ones go without their temporary id, removed saved ones are marked deleted', async () => {
    const { user, network } = setup();
    const form = await aboutForm();
    const input = form.getByRole('textbox', { name: 'Value propositions' });

    await user.type(input, 'Made in Berlin{Enter}');
    await user.type(input, 'Free returns{Enter}');
    await user.type(input, 'fast SHIPPING{Enter}');
    expect(form.getAllByText('Fast shipping')).toHaveLength(1);

    await user.click(form.getByRole('button', { name: 'Remove "Free returns"' }));
    await user.click(form.getByRole('button', { name: 'Remove "Vegan"' }));
    expect(form.queryByText('Free returns')).toBeNull();
    expect(form.queryByText('Vegan')).toBeNull();

    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    const put = network.to('/api/brands/brand-acme').find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Acme',
      industryId: 1,
      brandKit: { website: 'www.acme.test', description: 'We make rockets.' },
      guidelines: [
        { id: 11, text: 'Fast shipping', type: 'VALUE_PROPS', isDeleted: false },
        { id: 12, text: 'Vegan', type: 'VALUE_PROPS', isDeleted: true },
        { text: 'Made in Berlin', type: 'VALUE_PROPS' },
      ],
    });
    await waitFor(() =>
      expect((form.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('adding and removing an unsaved proposition leaves nothing to save', async () => {
    const { user } = setup();
    const form = await aboutForm();
    await user.type(form.getByRole('textbox', { name: 'Value propositions' }), 'Temporary{Enter}');
    const save = form.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.click(form.getByRole('button', { name: 'Remove "Temporary"' }));
    expect(save.disabled).toBe(true);
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = setup();
    const form = await aboutForm();
    await user.type(form.getByLabelText(/^Name/), ' Co');
    await user.click(screen.getByRole('tab', { name: 'Team members' }));
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings/brand');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/team-members'));
  });

  it('Save in the unsaved-changes dialog saves, then leaves', async () => {
    const { user, router, network } = setup();
    const form = await aboutForm();
    await user.type(form.getByLabelText(/^Name/), ' Co');
    await user.click(screen.getByRole('tab', { name: 'Team members' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/team-members'));
    const put = network.to('/api/brands/brand-acme').find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Acme Co' });
  });

  it('members see the brand read-only; only super users see campaign management', async () => {
    setup({ role: 'member' });
    const form = await aboutForm();
    expect(form.getByText('Only account admins can change the brand.')).toBeTruthy();
    expect((form.getByLabelText(/^Name/) as HTMLInputElement).readOnly).toBe(true);
    expect(form.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByText('Campaign management')).toBeNull();
  });
});

describe('brand settings: campaign management (super users)', () => {
  it('edits the colours, keeping at least one brand colour, and saves the creative kit', async () => {
    const { user, network } = setup({ isSuperUser: true });
    await user.click(await screen.findByRole('button', { name: /Campaign management/ }));
    const form = within(await screen.findByRole('form', { name: 'Campaign management' }));

    expect(form.queryByRole('button', { name: 'Remove colour 1' })).toBeNull();
    await user.click(form.getByRole('button', { name: 'Add colour' }));
    expect((form.getByRole('textbox', { name: 'Brand colour 2' }) as HTMLInputElement).value).toBe('#FFFFFF');
    await user.click(form.getByRole('button', { name: 'Remove colour 1' }));
    expect(form.queryByRole('textbox', { name: 'Brand colour 2' })).toBeNull();

    const text = form.getByLabelText(/^Text colour/);
    await user.clear(text);
    await user.type(text, '#333');
    await user.type(form.getByLabelText(/^Font/), 'Inter');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved')).toBeTruthy();
    const put = network.to('/api/brands/brand-acme/creative_kit')[0];
    expect(put?.body).toEqual({
      logoURL: null,
      brandKit: {
        colors: {
          textColor: '#333',
          backgroundColor: '#FFFFFF',
          buttonTextColor: '#FFFFFF',
          buttonBackgroundColor: '#000000',
          colors: ['#FFFFFF'],
        },
        font: 'Inter',
        subtitlesFont: 'BRAND',
        subtitlesColors: 'PLATFORM_NATIVE',
      },
    });
  });
});
