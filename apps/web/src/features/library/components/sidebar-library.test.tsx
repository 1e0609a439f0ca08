import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/test/identity';
import { folder, libraryRoutes } from '@/test/library';
import { renderApp } from '@/test/render';
import { usageRoutes } from '@/test/usage';

const campaigns = folder('Campaigns');
const summer = folder('Summer 2026', { parentId: campaigns.id });
const product = folder('Product shots');

function setup(assetsCount: number, allocation: number | null) {
  return signIn({
    routes: {
      ...libraryRoutes([campaigns, summer, product]),
      ...usageRoutes({ assetsCount }, { assetsCount: allocation }),
    },
  });
}

describe('sidebar: folder tree and usage footer', () => {
  it('shows assets used against the allocation, orange from 80 %', async () => {
    setup(850, 1000);
    renderApp('/library/assets');
    const footer = await screen.findByTestId('usage-footer', {}, { timeout: 3000 });
    expect(within(footer).getByText('850 assets of 1,000')).toBeTruthy();
    expect(within(footer).getByTestId('usage-bar').getAttribute('data-level')).toBe('high');
  });

  it("shows 'unlimited' without a bar when the plan has no limit", async () => {
    setup(12, null);
    renderApp('/library/assets');
    const footer = await screen.findByTestId('usage-footer', {}, { timeout: 3000 });
    expect(within(footer).getByText('12 assets · unlimited')).toBeTruthy();
    expect(within(footer).queryByTestId('usage-bar')).toBeNull();
  });

  it('loads a folder’s children when it opens', async () => {
    const network = setup(1, 10);
    const { user } = renderApp('/library/assets');
    const tree = await screen.findByTestId('folder-tree', {}, { timeout: 3000 });
    await within(tree).findByRole('link', { name: 'Campaigns' });
    expect(within(tree).getByRole('link', { name: 'Product shots' })).toBeTruthy();
    expect(within(tree).queryByRole('link', { name: 'Summer 2026' })).toBeNull();
    const childLevel = () =>
      network.requests.filter(
        (r) =>
          r.url.pathname.endsWith('/library/folders') && r.url.searchParams.get('folderId') === campaigns.id,
      );
    expect(childLevel()).toHaveLength(0);
    await user.click(within(tree).getByRole('button', { name: 'Expand Campaigns' }));
    expect(await within(tree).findByRole('link', { name: 'Summer 2026' })).toBeTruthy();
    expect(childLevel()).toHaveLength(1);
  });

  it('opens the ancestors of the open folder and highlights it', async () => {
    setup(1, 10);
    const { user } = renderApp(`/library/assets/${summer.id}`);
    const tree = await screen.findByTestId('folder-tree', {}, { timeout: 3000 });
    const child = await within(tree).findByRole('link', { name: 'Summer 2026' });
    expect(child.getAttribute('aria-current')).toBe('page');
    await user.click(within(tree).getByRole('button', { name: 'Collapse Campaigns' }));
    await waitFor(() => expect(within(tree).queryByRole('link', { name: 'Summer 2026' })).toBeNull());
  });
});
