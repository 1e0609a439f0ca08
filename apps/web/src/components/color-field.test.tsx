import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ColorField } from './color-field';

function Harness({ initial = '#112233' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <ColorField label="Text colour" pickerLabel="Pick a colour" value={value} onChange={setValue} />
      <output data-testid="saved">{value}</output>
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('colour input', () => {
  it('takes # with 3 or 6 hex digits; anything else reverts to the last valid colour when left', async () => {
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Text colour') as HTMLInputElement;
    expect(input.maxLength).toBe(10);

    await user.clear(input);
    await user.type(input, '#abc');
    expect(screen.getByTestId('saved').textContent).toBe('#abc');
    await user.type(input, 'd');
    // '#abcd' is not a colour: the last valid one stays saved …
    expect(screen.getByTestId('saved').textContent).toBe('#abc');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // … and the field shows it again when left.
    expect(input.value).toBe('#abc');

    await user.clear(input);
    await user.type(input, 'ff00aa');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input.value).toBe('#abc');

    await user.clear(input);
    await user.type(input, '#FF00AA');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input.value).toBe('#FF00AA');
    expect(screen.getByTestId('saved').textContent).toBe('#FF00AA');
  });

  it('never takes more than 10 characters', async () => {
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByLabelText('Text colour') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '#1234567890abc');
    expect(input.value.length).toBeLessThanOrEqual(10);
  });
});
