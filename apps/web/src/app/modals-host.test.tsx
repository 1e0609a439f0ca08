import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appModals } from '@/lib/app-modals';
import { AppProviders } from './providers';

describe('dialogs through the modals manager', () => {
  it('a request made before the manager is loaded waits for it, then opens once', async () => {
    const onConfirm = vi.fn();
    appModals.openConfirmModal({
      title: 'Delete Summer.mp4?',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      onConfirm,
    });
    // The app's providers load the manager on demand (the tests' wrapper mounts it at once).
    const user = userEvent.setup();
    render(<AppProviders>{null}</AppProviders>);
    expect(await screen.findByText('Delete Summer.mp4?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText('Delete Summer.mp4?')).toBeNull());
  });

  it('a waiting dialog closed before the manager came never opens', async () => {
    const id = appModals.open({ title: 'Never shown', children: 'x' });
    appModals.close(id);
    render(<AppProviders>{null}</AppProviders>);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Never shown')).toBeNull();
  });
});
