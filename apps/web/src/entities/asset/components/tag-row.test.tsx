import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TagRow } from './tag-row';

describe('a card’s tag row', () => {
  it('shows the tags people chose, not the AI analysis’s', () => {
    renderWithProviders(
      <TagRow
        tags={[
          { id: '1', name: 'Landscape', source: 'AI' },
          { id: '2', name: 'Summer' },
          { id: '3', name: '16:9', source: 'AI' },
          { id: '4', name: 'Bold claim' },
        ]}
      />,
    );
    const row = screen.getByTestId('tag-row');
    expect(row.textContent).toBe('SummerBold claim');
  });

  it('shows nothing for an item with AI tags only', () => {
    renderWithProviders(<TagRow tags={[{ id: '1', name: 'Landscape', source: 'AI' }]} />);
    expect(screen.queryByTestId('tag-row')).toBeNull();
  });
});
