import { screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OnDemand } from './on-demand';

const Unreachable = lazy(() =>
  Promise.reject(new Error('Failed to fetch dynamically imported module: /assets/dialog-x.js')),
);

function Opener() {
  const [opened, setOpened] = useState(false);
  return (
    <OnDemand
      when={opened}
      fallback={
        <button type="button" onClick={() => setOpened(true)}>
          Open
        </button>
      }
    >
      <Unreachable />
    </OnDemand>
  );
}

describe('code loaded on demand', () => {
  it('shows its fallback until wanted, and the lazy-load failure in a dialog when the code cannot come', async () => {
    const { user } = renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const failure = await screen.findByTestId('lazy-load-failure');
    const dialog = failure.closest('dialog');
    expect(dialog?.open).toBe(true);
    expect(screen.getByRole('timer').textContent).toMatch(/10/);
  });
});
