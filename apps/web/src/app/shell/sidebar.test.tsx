import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { makeBrand, signIn } from '@/test/identity';
import { renderRoutes } from '@/test/render';
import { RequireSession } from '../guards/require-session';
import { AppShell } from './app-shell';

async function renderShell(initialEntry = '/?accountId=a1&brandId=b1') {
  signIn({ brands: [makeBrand({ id: 'b1', accountId: 'a1', name: 'Acme' })] });
  const rendered = renderRoutes(
    [
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <AppShell />, children: [{ index: true, element: <p>Overview content</p> }] },
        ],
      },
    ],
    { initialEntries: [initialEntry] },
  );
  await screen.findByText('Overview content');
  return rendered;
}

function sidebarWidth() {
  return screen.getByTestId('sidebar').style.width;
}

describe('sidebar width', () => {
  it('starts at 335 px and is kept in local storage when resized with the keyboard', async () => {
    const { user } = await renderShell();
    const handle = screen.getByRole('separator', { name: 'Resize sidebar' });
    expect(handle.getAttribute('aria-valuenow')).toBe('335');
    expect(handle.getAttribute('aria-valuemin')).toBe('335');
    expect(handle.getAttribute('aria-valuemax')).toBe('565');
    expect(sidebarWidth()).toBe('335px');

    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle.getAttribute('aria-valuenow')).toBe('367');
    expect(sidebarWidth()).toBe('367px');
    expect(window.localStorage.getItem('navbar-size')).toBe('367');

    await user.keyboard('{End}');
    expect(sidebarWidth()).toBe('565px');
    await user.keyboard('{ArrowRight}');
    expect(sidebarWidth()).toBe('565px');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(sidebarWidth()).toBe('335px');
    expect(window.localStorage.getItem('navbar-size')).toBe('335');
  });

  it('restores the stored width, clamped to 335–565 px', async () => {
    window.localStorage.setItem('navbar-size', '480');
    const first = await renderShell();
    expect(sidebarWidth()).toBe('480px');
    first.unmount();

    window.localStorage.setItem('navbar-size', '9000');
    const second = await renderShell();
    expect(sidebarWidth()).toBe('565px');
    second.unmount();

    window.localStorage.setItem('navbar-size', '12');
    await renderShell();
    expect(sidebarWidth()).toBe('335px');
  });

  it('resizes by dragging its edge and stores the width when the drag ends', async () => {
    window.localStorage.setItem('navbar-size', '400');
    await renderShell();
    const handle = screen.getByRole('separator', { name: 'Resize sidebar' });
    fireEvent.pointerDown(handle, { button: 0, clientX: 400, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 450, pointerId: 1 });
    expect(sidebarWidth()).toBe('450px');
    expect(window.localStorage.getItem('navbar-size')).toBe('400');
    fireEvent.pointerMove(handle, { clientX: 1400, pointerId: 1 });
    expect(sidebarWidth()).toBe('565px');
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(window.localStorage.getItem('navbar-size')).toBe('565');
  });
});

describe('sidebar content', () => {
  it('shows the brand and only the entries whose pages exist', async () => {
    await renderShell('/?accountId=a1&brandId=b1');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    // The clip types load their code as the sidebar renders.
    await within(nav).findByRole('link', { name: 'CTA' });
    await within(nav).findByRole('link', { name: 'Top hook ads' });
    expect(within(nav).getByText('Hookline')).toBeTruthy();
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Library',
      'Shared with me',
      'Starred',
      'Tag management',
      'Duplicates',
      'Search',
      'All boards',
      'My boards',
      'Shared with me',
      'All clips',
      'Pain Point',
      'Before',
      'After',
      'Solution',
      'Value Proposition',
      'Recommendation',
      'CTA',
      'Initial Objection',
      'Emotions',
      'Creative analytics',
      'Top active ads',
      'Top spend ads',
      'Top headline ads',
      'Top hook ads',
      'Overview',
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/library/assets?accountId=a1&brandId=b1');
    expect(links[1]?.getAttribute('href')).toBe('/shared?accountId=a1&brandId=b1');
    expect(links[4]?.getAttribute('href')).toBe('/library/duplicates?accountId=a1&brandId=b1');
    expect(links[5]?.getAttribute('href')).toBe('/search?accountId=a1&brandId=b1');
    expect(links[6]?.getAttribute('href')).toBe('/boards?accountId=a1&brandId=b1');
    expect(links[7]?.getAttribute('href')).toBe('/boards/me?accountId=a1&brandId=b1');
    expect(links[8]?.getAttribute('href')).toBe('/boards/shared?accountId=a1&brandId=b1');
    expect(links[9]?.getAttribute('href')).toBe('/creative-clips?accountId=a1&brandId=b1');
    expect(links[16]?.getAttribute('href')).toBe('/creative-clips?types=CTA&accountId=a1&brandId=b1');
    expect(links[19]?.getAttribute('href')).toBe('/analytics?accountId=a1&brandId=b1');
    expect(links[24]?.getAttribute('href')).toBe('/overview?accountId=a1&brandId=b1');
    expect(within(nav).getByText('Creative library')).toBeTruthy();
    expect(within(nav).getByText('Boards')).toBeTruthy();
    expect(within(nav).getByText('Creative clips')).toBeTruthy();
  });

  it('has the creative analytics quick links, each a view of the list, the open one marked', async () => {
    const view = (href: string | null) => {
      const url = new URL(href ?? '', 'http://app.test');
      expect(url.pathname).toBe('/analytics');
      expect(url.searchParams.get('brandId')).toBe('b1');
      return JSON.parse(url.searchParams.get('state') ?? '{}');
    };
    await renderShell('/?accountId=a1&brandId=b1');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const spend = view(
      (await within(nav).findByRole('link', { name: 'Top spend ads' })).getAttribute('href'),
    );
    expect(spend.dynamicFilters).toEqual([
      { id: 'metric', params: { metric: 'spend', operator: 'BIGGER', value: 5 } },
    ]);
    expect(spend.sorting).toEqual([{ id: 'spend', desc: true }]);
    const active = view(within(nav).getByRole('link', { name: 'Top active ads' }).getAttribute('href'));
    expect(active.dynamicFilters).toEqual([
      { id: 'adField', operator: 'EQUALS', params: { field: 'status', value: 'ACTIVE' } },
    ]);
    const headline = view(within(nav).getByRole('link', { name: 'Top headline ads' }).getAttribute('href'));
    expect(headline.groupBy).toEqual({ id: 'creativeTitle', label: 'Headline' });
    const hook = within(nav).getByRole('link', { name: 'Top hook ads' });
    expect(view(hook.getAttribute('href')).sorting).toEqual([{ id: 'thumbstopRate', desc: true }]);
    expect(hook.getAttribute('aria-current')).toBeNull();
    const hookHref = hook.getAttribute('href') as string;
    cleanup();

    // On the list in that view, its link is the one marked.
    signIn({ brands: [makeBrand({ id: 'b1', accountId: 'a1', name: 'Acme' })] });
    renderRoutes(
      [
        {
          element: <RequireSession />,
          children: [{ path: '/', element: <AppShell />, children: [{ path: '*', element: <p>Page</p> }] }],
        },
      ],
      { initialEntries: [hookHref] },
    );
    const marked = await screen.findByRole('link', { name: 'Top hook ads' });
    expect(marked.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Top spend ads' }).getAttribute('aria-current')).toBeNull();
  });

  it("lists the brand's boards under the boards entries, the open one marked", async () => {
    const board = (id: string, name: string) => ({
      id,
      name,
      title: name,
      description: null,
      lexicalDescription: null,
      status: 'DRAFT',
      tags: [],
      folderId: `f-${id}`,
      brandId: 'b1',
      accountId: 'a1',
      thumbnailUrl: null,
      assetCount: 0,
      uploadedCount: 0,
      comments: 0,
      locations: [],
      isShared: false,
      createdBy: null,
      createdAt: '2026-11-02T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
      reviewMode: false,
      reviewerIds: [],
      autoStatus: false,
      statusChange: null,
      can: { update: true, comment: true, invite: true, delete: true, review: false },
    });
    signIn({
      brands: [makeBrand({ id: 'b1', accountId: 'a1', name: 'Acme' })],
      routes: {
        'GET /api/accounts/a1/brands/b1/boards': () =>
          jsonResponse([board('x1', 'Launch'), board('x2', 'Retail')], { headers: { 'x-total-count': '2' } }),
      },
    });
    renderRoutes(
      [
        {
          element: <RequireSession />,
          children: [{ path: '/', element: <AppShell />, children: [{ path: '*', element: <p>Page</p> }] }],
        },
      ],
      { initialEntries: ['/boards/x2?accountId=a1&brandId=b1'] },
    );
    // The list is its own lazily loaded chunk: on a busy machine its first import takes a while.
    const list = await screen.findByTestId('sidebar-boards', {}, { timeout: 15_000 });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Launch', 'Retail']);
    expect(links[0]?.getAttribute('href')).toBe('/boards/x1?accountId=a1&brandId=b1');
    expect(links[1]?.getAttribute('aria-current')).toBe('page');
  });

  it('has a profile menu with the API documentation and the support e-mail', async () => {
    const { user } = await renderShell();
    await user.click(screen.getByRole('button', { name: /^Profile menu/ }));
    const docs = await screen.findByRole('menuitem', { name: 'API documentation' });
    expect(docs.getAttribute('href')).toBe('/api/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    const support = screen.getByRole('menuitem', { name: 'Contact support' });
    expect(support.getAttribute('href')).toBe('mailto:support@hookline.app');
  });
});
