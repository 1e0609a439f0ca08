import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { LeaveGuard, type LeaveGuardOptions } from './use-leave-guard';

function EditorPage(props: Partial<LeaveGuardOptions>) {
  const [name, setName] = useState('Summer campaign');
  const dirty = name !== 'Summer campaign';
  return (
    <div>
      <h1>Board editor</h1>
      <TextInput label="Board name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Link to="/boards">All boards</Link>
      <LeaveGuard when={dirty} {...props} />
    </div>
  );
}

function setup(props: Partial<LeaveGuardOptions> = {}) {
  return renderRoutes(
    [
      { path: '/boards/1', element: <EditorPage {...props} /> },
      { path: '/boards', element: <h1>All boards page</h1> },
    ],
    { initialEntries: ['/boards/1'] },
  );
}

async function editAndLeave(user: ReturnType<typeof setup>['user']) {
  await user.type(screen.getByLabelText('Board name'), ' 2');
  await user.click(screen.getByRole('link', { name: 'All boards' }));
}

describe('leave guard', () => {
  it('leaves without asking when nothing was edited', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('link', { name: 'All boards' }));
    expect(await screen.findByRole('heading', { name: 'All boards page' })).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('shows the unsaved-changes dialog when leaving with edits; discard proceeds', async () => {
    const onDiscard = vi.fn();
    const { user, router } = setup({ onSave: vi.fn(), onDiscard });
    await editAndLeave(user);

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Unsaved changes');
    expect(dialog.textContent).toContain(
      'You have unsaved changes. Do you want to save them before leaving?',
    );
    expect(router.state.location.pathname).toBe('/boards/1');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'All boards page' })).toBeTruthy();
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  it('stay keeps the page and the edits', async () => {
    const { user, router } = setup({ onSave: vi.fn() });
    await editAndLeave(user);
    await user.click(await screen.findByRole('button', { name: 'Stay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/boards/1');
    expect((screen.getByLabelText('Board name') as HTMLInputElement).value).toBe('Summer campaign 2');
  });

  it('save runs the save and then leaves; a failed save stays', async () => {
    const onSave = vi.fn().mockRejectedValueOnce(new Error('save failed')).mockResolvedValueOnce(undefined);
    const { user, router } = setup({ onSave });
    await editAndLeave(user);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/boards/1');

    await user.click(screen.getByRole('link', { name: 'All boards' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'All boards page' })).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('hides the buttons it is told to hide', async () => {
    const { user } = setup({ onSave: vi.fn(), hideDiscard: true, hideSave: true });
    await editAndLeave(user);
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Stay' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('asks the browser before the tab closes while there are edits', async () => {
    const { user } = setup();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('Board name'), ' 2');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
