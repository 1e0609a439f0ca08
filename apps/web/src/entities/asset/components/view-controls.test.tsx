import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SortControl } from './view-controls';

describe('the sort control', () => {
  it('shows the field, picks another from its menu and keeps the order', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <SortControl value={{ sort: 'name', order: 'desc' }} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Sort by: Name' }));
    const name = await screen.findByRole('menuitem', { name: 'Name' });
    expect(name.hasAttribute('data-checked')).toBe(true);
    expect(screen.getByRole('menuitem', { name: 'Size' }).hasAttribute('data-checked')).toBe(false);
    await user.click(screen.getByRole('menuitem', { name: 'Date created' }));
    expect(onChange).toHaveBeenCalledWith({ sort: 'createdAt', order: 'desc' });
  });

  it('toggles the order and leaves the field', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <SortControl value={{ sort: 'size', order: 'asc' }} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Ascending' }));
    expect(onChange).toHaveBeenCalledWith({ sort: 'size', order: 'desc' });
  });
});
