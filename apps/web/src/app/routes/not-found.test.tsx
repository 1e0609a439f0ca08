import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBrand, signIn } from '@/test/identity';
import { renderRoutes } from '@/test/render';
import { routes } from '../router';

describe('not-found page (the app route table)', () => {
  it("shows 'Page not found' and a link home that keeps the account and brand", async () => {
    signIn({ brands: [makeBrand({ id: 'b1', accountId: 'a1', name: 'Acme' })] });
    const { user } = renderRoutes(routes, { initialEntries: ['/no/such/page?accountId=a1&brandId=b1'] });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByTestId('not-found-page')).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Take me home' });
    expect(home.getAttribute('href')).toBe('/?accountId=a1&brandId=b1');
    // The title is set by an effect after the page renders.
    await waitFor(() => expect(document.title).toBe('Page not found · Hookline'));

    await user.click(home);
    // Home is the creative library (000 §2), reached with the same account and brand.
    expect(await screen.findByTestId('library-page')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Brand assets');
  });

  it('routes of features that do not exist yet are not found', async () => {
    // Video ads (001 §2) arrive with their issue.
    renderRoutes(routes, { initialEntries: ['/videoad/1'] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('the general error page is public and links home', async () => {
    renderRoutes(routes, { initialEntries: ['/general-error'] });
    expect(await screen.findByTestId('general-error-page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
