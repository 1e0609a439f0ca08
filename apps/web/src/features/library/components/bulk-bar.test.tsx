import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AssetActionsMenu } from '@/entities/asset/components/asset-actions-menu';
import { assignBlockReason } from '@/entities/board/access';
import { folder, makeAsset } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import { BulkBar } from './bulk-bar';

const clip = makeAsset({ name: 'Hook A.mp4' });
const shoot = folder('Shoot');

describe('add to board', () => {
  it('is disabled, with the reason as its tooltip, when the selection holds a folder', async () => {
    const onAddToBoard = vi.fn();
    const { user } = renderWithProviders(
      <BulkBar
        count={2}
        hasSystem={false}
        onAddToBoard={onAddToBoard}
        addToBoardBlocked={assignBlockReason([clip, shoot], true)}
        onClear={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Add to board' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(onAddToBoard).not.toHaveBeenCalled();
    await user.hover(button);
    expect(await screen.findByText('Folders cannot be added to a board')).toBeTruthy();
  });

  it('opens the board picker for files only, with write access', async () => {
    const onAddToBoard = vi.fn();
    const { user } = renderWithProviders(
      <BulkBar
        count={1}
        hasSystem={false}
        onAddToBoard={onAddToBoard}
        addToBoardBlocked={assignBlockReason([clip], true)}
        onClear={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Add to board' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await user.click(button);
    expect(onAddToBoard).toHaveBeenCalledOnce();
  });

  it('without write access in the brand it is disabled and says why', async () => {
    const { user } = renderWithProviders(
      <BulkBar
        count={1}
        hasSystem={false}
        onAddToBoard={() => undefined}
        addToBoardBlocked={assignBlockReason([clip], false)}
        onClear={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Add to board' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.hover(button);
    expect(await screen.findByText('Needs write access in this brand')).toBeTruthy();
  });

  it("in a folder's item menu it is disabled; a file's opens the picker", async () => {
    const onAddToBoard = vi.fn();
    const { user, unmount } = renderWithProviders(
      <AssetActionsMenu asset={shoot} handlers={{ onAddToBoard }} />,
    );
    await user.click(screen.getByRole('button', { name: /Shoot/ }));
    const entry = await screen.findByRole('menuitem', { name: 'Add to board' });
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    await user.click(entry);
    expect(onAddToBoard).not.toHaveBeenCalled();
    unmount();

    renderWithProviders(<AssetActionsMenu asset={clip} handlers={{ onAddToBoard }} />);
    await user.click(screen.getByRole('button', { name: /Hook A/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add to board' }));
    expect(onAddToBoard).toHaveBeenCalledWith(clip);
  });
});
