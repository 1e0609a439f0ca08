import type { NamingConventionAnswer } from '@hookline/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NAMING_PATH } from '@/test/analytics';
import { jsonResponse } from '@/test/fetch-stub';
import { makeProfile, signIn } from '@/test/identity';
import { renderApp } from '@/test/render';

const PATH = NAMING_PATH;

const sample = (name: string, spend: number) => ({ name, spend, ads: 1, values: null, misfit: null });
const empty: NamingConventionAnswer = {
  delimiter: '_',
  fields: [],
  updatedAt: null,
  sample: [
    sample('UGC_Question_Sarah_9x16', 120),
    sample('Static_Offer_Ana_4x5', 80),
    sample('Hero video final', 40),
    sample('UGC_Problem_Tom_1x1_copy', 10),
  ],
  stats: { ads: 4, parsed: 0 },
};
const saved: NamingConventionAnswer = {
  ...empty,
  fields: [
    { position: 0, name: 'format' },
    { position: 1, name: 'hookType' },
    { position: 2, name: 'creator' },
    { position: 3, name: 'aspect' },
  ],
  updatedAt: '2026-12-01T10:00:00.000Z',
  stats: { ads: 4, parsed: 2 },
};

function setup(answer: NamingConventionAnswer, role: 'admin' | 'member' = 'admin') {
  let current = answer;
  const network = signIn({
    profile: makeProfile({ role }),
    routes: {
      [`GET ${PATH}`]: () => jsonResponse(current),
      [`PUT ${PATH}`]: (request) => {
        current = { ...current, ...(request.body as object), updatedAt: '2026-12-01T11:00:00.000Z' };
        return jsonResponse(current);
      },
    },
  });
  return { ...renderApp('/settings/analytics'), network };
}

const form = async () =>
  within(await screen.findByRole('form', { name: 'Ad naming convention' }, { timeout: 8000 }));
const previewRows = () => within(screen.getByTestId('naming-preview')).getAllByTestId('naming-preview-row');
const misfits = () =>
  previewRows().flatMap((row) =>
    row.dataset.misfit
      ? [
          [
            within(row).getAllByRole('cell')[0]?.textContent,
            within(row).getByTestId('naming-misfit').textContent,
          ],
        ]
      : [],
  );

describe('settings: ad naming convention', { timeout: 30_000 }, () => {
  it('splits the sample names as the admin types, flags the misfits in red, and saves', async () => {
    const { user, network } = setup(empty);
    const f = await form();
    // No fields yet: the names are listed, nothing is flagged.
    expect(previewRows()).toHaveLength(4);
    expect(misfits()).toEqual([]);
    const save = f.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    for (let i = 0; i < 4; i += 1) await user.click(f.getByRole('button', { name: 'Add field' }));
    expect(f.getAllByTestId('naming-field')).toHaveLength(4);
    // Format, hook type, creator and aspect at 0-3: two names fit, two do not, with the reason.
    const preview = within(screen.getByTestId('naming-preview'));
    expect(preview.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Ad name',
      'Format',
      'Hook type',
      'Creator',
      'Aspect',
      'Spend (30 days)',
      'Status',
    ]);
    expect(
      within(previewRows()[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['UGC_Question_Sarah_9x16', 'UGC', 'Question', 'Sarah', '9x16', '$120.00', 'Fits']);
    expect(misfits()).toEqual([
      ['Hero video final', 'Only 1 of the 4 parts'],
      ['UGC_Problem_Tom_1x1_copy', '5 parts where the convention has 4'],
    ]);
    expect(screen.getByTestId('naming-fit-count').textContent).toBe('2 of 4 names fit');

    // Another delimiter splits nothing: every name is flagged, live.
    const delimiter = f.getByLabelText(/^Delimiter/);
    await user.clear(delimiter);
    await user.type(delimiter, '-');
    expect(screen.getByTestId('naming-fit-count').textContent).toBe('0 of 4 names fit');
    await user.clear(delimiter);
    await user.type(delimiter, '_');
    expect(screen.getByTestId('naming-fit-count').textContent).toBe('2 of 4 names fit');

    // A fifth field at position 4 makes the copy fit and the others fall short.
    await user.click(f.getByRole('button', { name: 'Add field' }));
    expect(misfits().map(([name]) => name)).toEqual([
      'UGC_Question_Sarah_9x16',
      'Static_Offer_Ana_4x5',
      'Hero video final',
    ]);
    await user.click(f.getByRole('button', { name: 'Remove field at position 4' }));

    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(await screen.findByText('Naming convention saved')).toBeTruthy();
    const put = network.to(PATH).find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      delimiter: '_',
      fields: [
        { position: 0, name: 'format' },
        { position: 1, name: 'hookType' },
        { position: 2, name: 'creator' },
        { position: 3, name: 'aspect' },
      ],
    });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('names what is wrong: a position used twice, a custom field without label, a long delimiter', async () => {
    const { user, network } = setup(saved);
    const f = await form();
    const save = f.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    const positions = f.getAllByLabelText(/^Position/);
    await user.clear(positions[1]!);
    await user.type(positions[1]!, '0');
    expect(await f.findByText('Each position holds one field')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.clear(positions[1]!);
    await user.type(positions[1]!, '1');
    expect(f.queryByText('Each position holds one field')).toBeNull();

    // A custom field needs its label before it can be saved (and before the preview reads it).
    await user.click(f.getAllByLabelText(/^Field/, { selector: 'input' })[3]!);
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    expect(await f.findByText('A custom field needs a label')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.type(f.getByLabelText(/^Label/), 'Market');
    expect(f.queryByText('A custom field needs a label')).toBeNull();
    expect(
      within(screen.getByTestId('naming-preview')).getByRole('columnheader', { name: 'Market' }),
    ).toBeTruthy();

    const delimiter = f.getByLabelText(/^Delimiter/);
    await user.type(delimiter, '---');
    expect(await f.findByText('The delimiter is 1 to 3 characters')).toBeTruthy();
    expect(save.disabled).toBe(true);
    expect(network.to(PATH).filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('members see the saved convention and its preview, read-only', async () => {
    setup(saved, 'member');
    const f = await form();
    expect(f.getByText('Only admins can change the naming convention')).toBeTruthy();
    expect(f.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(f.queryByRole('button', { name: 'Add field' })).toBeNull();
    expect((f.getByLabelText(/^Delimiter/) as HTMLInputElement).readOnly).toBe(true);
    expect(f.getByTestId('naming-stats').textContent).toBe('2 of 4 ads have values');
    expect(misfits().map(([name]) => name)).toEqual(['Hero video final', 'UGC_Problem_Tom_1x1_copy']);
  });
});
