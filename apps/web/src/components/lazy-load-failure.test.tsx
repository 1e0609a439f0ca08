import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LazyLoadFailure } from './lazy-load-failure';

/** One second at a time, letting React render between ticks like a real clock would. */
function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i += 1) {
    act(() => {
      vi.advanceTimersByTime(1000);
    });
  }
}

describe('lazy-load failure screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down 10 s and then reloads the page', () => {
    const reload = vi.fn();
    renderWithProviders(<LazyLoadFailure onReload={reload} />);
    expect(screen.getByRole('heading', { name: 'An error occurred while loading the page' })).toBeTruthy();
    expect(screen.getByText('The page will reload in 10 s.')).toBeTruthy();

    passSeconds(3);
    expect(screen.getByText('The page will reload in 7 s.')).toBeTruthy();

    passSeconds(6);
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('The page will reload in 1 s.')).toBeTruthy();
    passSeconds(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once from the button and offers the support e-mail', () => {
    const reload = vi.fn();
    renderWithProviders(<LazyLoadFailure onReload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(reload).toHaveBeenCalledTimes(1);
    const support = screen.getByRole('link', { name: 'Still not working? Contact support@hookline.app' });
    expect(support.getAttribute('href')).toBe('mailto:support@hookline.app');
  });
});
