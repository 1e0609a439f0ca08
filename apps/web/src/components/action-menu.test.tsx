import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ActionMenu } from './action-menu';

function renderMenu(onRename = vi.fn(), onBoard = vi.fn()) {
  const utils = renderWithProviders(
    <ActionMenu
      target={<button type="button">Actions</button>}
      entries={[
        { kind: 'label', key: 'label', label: 'Item' },
        { key: 'rename', label: 'Rename', onClick: onRename, checked: true },
        { kind: 'divider', key: 'divider' },
        { key: 'board', label: 'Add to board', blockedReason: 'Folders cannot be added', onClick: onBoard },
        { key: 'docs', label: 'Docs', href: '/api/docs', external: true },
      ]}
    />,
  );
  return { ...utils, onRename, onBoard };
}

describe('action menus', () => {
  it('render only their button until it is clicked, then open the menu', async () => {
    const { user, onRename } = renderMenu();
    const button = screen.getByRole('button', { name: 'Actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    const rename = await screen.findByRole('menuitem', { name: 'Rename' });
    expect(rename.hasAttribute('data-checked')).toBe(true);
    expect(screen.getByText('Item')).toBeTruthy();
    const docs = screen.getByRole('menuitem', { name: 'Docs' });
    expect(docs.getAttribute('href')).toBe('/api/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    await user.click(rename);
    expect(onRename).toHaveBeenCalledOnce();
    // Once loaded, the real menu stays: the button opens it again.
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
  });

  it('a blocked entry stays in view, does nothing and says why on hover', async () => {
    const { user, onBoard } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    const board = await screen.findByRole('menuitem', { name: 'Add to board' });
    expect(board.getAttribute('aria-disabled')).toBe('true');
    await user.click(board);
    expect(onBoard).not.toHaveBeenCalled();
    // The press itself shows why.
    expect(screen.getByRole('tooltip').textContent).toBe('Folders cannot be added');
  });
});
