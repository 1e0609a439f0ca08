import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getBrandVariant } from '@/config/brand-variant';
import { renderWithProviders } from '@/test/render';
import { BrandWarning } from './brand-warning';
import { PoweredBy } from './powered-by';

describe('brand warning screen', () => {
  it('shows the title, the text and a contact link to the variant support e-mail', () => {
    renderWithProviders(<BrandWarning title="Brand unavailable" text="This brand was archived." />, {
      brand: getBrandVariant('corporate'),
    });
    expect(screen.getByRole('heading', { name: 'Brand unavailable' })).toBeTruthy();
    expect(screen.getByText('This brand was archived.')).toBeTruthy();
    const contact = screen.getByRole('link', { name: 'Contact support@hookline-teams.com' });
    expect(contact.getAttribute('href')).toBe('mailto:support@hookline-teams.com');
  });
});

describe('powered by footer', () => {
  it('names the brand variant', () => {
    renderWithProviders(<PoweredBy />);
    expect(screen.getByTestId('powered-by').textContent).toBe('Powered byHookline');
  });
});
