import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fetch-stub';
import { fieldError } from '@/test/form';
import { makeMember, makeProfile, OWN_ACCOUNT_ID, signIn } from '@/test/identity';
import { renderApp } from '@/test/render';

const ana = makeMember({
  id: 'user-ana',
  email: 'ana@acme.test',
  firstName: 'Ana',
  lastName: 'Lopez',
  role: 'admin',
});
const sam = makeMember({ id: 'user-sam', email: 'sam@acme.test', firstName: 'Sam', lastName: 'Reed' });
const kim = makeMember({
  id: 'user-kim',
  email: 'kim@acme.test',
  firstName: 'Kim',
  lastName: 'Park',
  lastLogin: null,
});

function setup(role: 'admin' | 'member' = 'admin', extra = {}) {
  let members = [ana, sam, kim];
  const network = signIn({
    profile: makeProfile({ role }),
    routes: {
      'GET /api/users': () => jsonResponse(members, { headers: { 'x-total-count': String(members.length) } }),
      'POST /api/users': (request) => {
        const body = request.body as { firstName: string; lastName: string; email: string };
        const created = makeMember({ id: 'user-new', ...body, lastLogin: null });
        members = [...members, created];
        return jsonResponse(created, { status: 201 });
      },
      'DELETE /api/users/user-sam': () => {
        members = members.filter((m) => m.id !== 'user-sam');
        return new Response(null, { status: 204 });
      },
      'POST /api/users/user-kim/reinvite': () => new Response(null, { status: 204 }),
      ...extra,
    },
  });
  const rendered = renderApp('/settings');
  return { ...rendered, network };
}

async function rowOf(name: string) {
  const table = await screen.findByTestId('team-members-table');
  const cell = await within(table).findByText(name);
  return cell.closest('tr') as HTMLElement;
}

describe('team members', () => {
  it('/settings opens the team members tab with name, e-mail, status and role', async () => {
    const { router } = setup();
    expect(await screen.findByRole('tab', { name: 'Team members', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Brand' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/team-members'));

    const samRow = await rowOf('Sam Reed');
    expect(within(samRow).getByText('sam@acme.test')).toBeTruthy();
    expect(within(samRow).getByText('Active')).toBeTruthy();
    expect(within(samRow).getByText('Member')).toBeTruthy();
    const kimRow = await rowOf('Kim Park');
    expect(within(kimRow).getByText('Invitation sent')).toBeTruthy();
    expect(within(await rowOf('Ana Lopez')).getByText('Admin')).toBeTruthy();
  });

  it('has no action menu on yourself; resend only while the invitation is pending', async () => {
    const { user, network } = setup();
    const self = await rowOf('Ana Lopez');
    expect(within(self).getByText('You')).toBeTruthy();
    expect(within(self).queryByRole('button')).toBeNull();

    await user.click(within(await rowOf('Sam Reed')).getByRole('button', { name: 'Actions for Sam Reed' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Resend invitation' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(within(await rowOf('Kim Park')).getByRole('button', { name: 'Actions for Kim Park' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    expect(
      await screen.findByText('Invitation sent', { selector: '.mantine-Notification-description' }),
    ).toBeTruthy();
    const reinvite = network.to('/api/users/user-kim/reinvite')[0];
    expect(reinvite?.method).toBe('POST');
    expect(reinvite?.url.searchParams.get('accountId')).toBe(OWN_ACCOUNT_ID);
  });

  it('deletes a member after a confirmation', async () => {
    const { user, network } = setup();
    await user.click(within(await rowOf('Sam Reed')).getByRole('button', { name: 'Actions for Sam Reed' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Sam Reed \(sam@acme.test\) loses access/)).toBeTruthy();
    expect(network.to('/api/users/user-sam')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Sam Reed')).toBeNull());
    expect(network.to('/api/users/user-sam')[0]?.method).toBe('DELETE');
    expect(await screen.findByText('User deleted')).toBeTruthy();
  });

  it('members see the list without invite or actions', async () => {
    setup('member');
    await rowOf('Sam Reed');
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByTestId('member-actions')).toBeNull();
  });

  it('the invite modal wants first and last name and a valid e-mail, and sends only a valid form', async () => {
    const { user, network } = setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a team member' });
    const send = within(dialog).getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement;
    const firstName = within(dialog).getByLabelText(/^First name/);
    const lastName = within(dialog).getByLabelText(/^Last name/);
    const email = within(dialog).getByLabelText(/^Email/);
    expect(send.disabled).toBe(true);

    await user.click(firstName);
    await user.click(lastName);
    await user.click(email);
    expect(fieldError(firstName)).toBe('First name is required');
    expect(fieldError(lastName)).toBe('Last name is required');
    await user.type(email, 'lee@acme');
    await user.click(firstName);
    expect(fieldError(email)).toBe('invalid user email');

    await user.type(firstName, 'Lee');
    await user.type(lastName, 'Chan');
    expect(send.disabled).toBe(true);
    await user.type(email, '.test');
    expect(send.disabled).toBe(false);
    await user.click(send);

    expect(
      await screen.findByText('Invitation sent', { selector: '.mantine-Notification-description' }),
    ).toBeTruthy();
    expect(network.to('/api/users')[1]?.body).toEqual({
      firstName: 'Lee',
      lastName: 'Chan',
      email: 'lee@acme.test',
      accountId: OWN_ACCOUNT_ID,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf('Lee Chan')).toBeTruthy();
  });

  it('a failed invitation keeps the modal open with the server message', async () => {
    const { user } = setup('admin', {
      'POST /api/users': () =>
        errorResponse(409, {
          code: 'conflict',
          title: 'Conflict',
          message: 'Already a member of this account',
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Sam');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Reed');
    await user.type(within(dialog).getByLabelText(/^Email/), 'sam@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Already a member of this account')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
