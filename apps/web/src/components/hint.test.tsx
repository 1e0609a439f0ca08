import { ActionIcon } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Hint } from './hint';

function StarButton({ label, disabled }: { label: string; disabled?: boolean }) {
  return (
    <Hint label={label} disabled={disabled}>
      <ActionIcon aria-label="Star">★</ActionIcon>
    </Hint>
  );
}

describe('hints', () => {
  it('show the label above the element once the pointer rests on it, and hide when it leaves', async () => {
    const { user } = renderWithProviders(<StarButton label="Add to starred" />);
    const button = screen.getByRole('button', { name: 'Star' });
    await user.hover(button);
    const hint = await screen.findByRole('tooltip');
    expect(hint.textContent).toBe('Add to starred');
    expect(button.getAttribute('aria-describedby')).toBe(hint.id);
    await user.unhover(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.hasAttribute('aria-describedby')).toBe(false);
  });

  it('show at once for keyboard focus, and Escape hides them', async () => {
    const { user } = renderWithProviders(<StarButton label="Add to starred" />);
    await user.tab();
    expect(screen.getByRole('tooltip').textContent).toBe('Add to starred');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a click hides the hint, and a disabled hint shows nothing', async () => {
    const { user, unmount } = renderWithProviders(<StarButton label="Add to starred" />);
    const button = screen.getByRole('button', { name: 'Star' });
    await user.hover(button);
    await screen.findByRole('tooltip');
    act(() => {
      fireEvent.pointerDown(button);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    unmount();

    renderWithProviders(<StarButton label="Add to starred" disabled />);
    expect(screen.getByRole('button', { name: 'Star' }).hasAttribute('data-hint')).toBe(false);
  });
});
