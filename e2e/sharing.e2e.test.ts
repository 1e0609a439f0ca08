import { type EndpointDefinition, endpoints, type ShareRecord } from '@hookline/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './support/api.js';
import {
  type Browser,
  createUserCommand,
  openBrowser,
  type RunningApp,
  screenshot,
  signInThroughPage,
  startApp,
} from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { newestMailLink } from './support/outbox.js';

/**
 * Sharing (issue #12): a folder's public link opened without signing in (read-only, download,
 * the 'powered by' footer) and not its sibling; a password link; an expired link; a file
 * shared with a second user as Commenter, then Editor; removing it from shared; an invited
 * address signing up into the shared item.
 */
let app: RunningApp;
let owner: Browser;
let page: Page;
let scope: { accountId: string; brandId: string };
let client: TestApi;
const ana = { email: 'ana@sharing.test', password: 'ana password 1' };
const ben = { email: 'ben@sharing.test', password: 'ben password 1' };
const ids: Record<string, string> = {};

/** Ana's calls, on her brand (the path's ids filled in). */
const api = <T = unknown>(endpoint: EndpointDefinition, params: Record<string, string> = {}, body?: object) =>
  client.call<T>(endpoint, { params: { ...scope, ...params }, ...(body ? { body } : {}) });
const share = (id: string, body: object) =>
  api<ShareRecord>(
    endpoints.shares.create,
    { library: 'BRAND', id },
    { resourceId: id, library: 'BRAND', ...body },
  );
const updateShare = (id: string, shareId: string, body: object) =>
  api(endpoints.shares.update, { library: 'BRAND', id, shareId }, body);

beforeAll(async () => {
  app = await startApp({}, async (dataDir) => {
    const made = createUserCommand(dataDir, [
      '--email',
      ana.email,
      '--password',
      ana.password,
      '--first-name',
      'Ana',
      '--last-name',
      'Lopez',
    ]);
    scope = { accountId: made.accountId, brandId: made.brandId };
    createUserCommand(dataDir, [
      '--email',
      ben.email,
      '--password',
      ben.password,
      '--first-name',
      'Ben',
      '--last-name',
      'Ode',
    ]);
  });
  client = await TestApi.signIn(app.url, ana);
  for (const name of ['Launch', 'Internal'])
    ids[name] = (
      await api<{ id: string }>(endpoints.library.createFolder, { parentId: 'root' }, { name })
    ).id;
  ids['Hero.jpg'] = await client.uploadImage(scope, 'Hero.jpg', {
    parentId: ids.Launch!,
    color: { r: 40, g: 90, b: 200 },
  });
  ids['Secret.jpg'] = await client.uploadImage(scope, 'Secret.jpg', {
    parentId: ids.Internal!,
    color: { r: 200, g: 60, b: 60 },
  });
  ids['Review.jpg'] = await client.uploadImage(scope, 'Review.jpg', { color: { r: 60, g: 160, b: 90 } });
  owner = await openBrowser();
  page = owner.page;
  await signInThroughPage(page, app.url, ana.email, ana.password);
});
afterAll(async () => {
  await owner?.close();
  await app?.stop();
});

/** A fresh browser without a session. */
async function visit(url: string, run: (visitor: Page) => Promise<void>) {
  const visitor = await openBrowser();
  try {
    await visitor.page.goto(url);
    await run(visitor.page);
  } finally {
    await visitor.close();
  }
}

describe('public links', () => {
  it('shares a folder publicly; a visitor reads it without signing in, and not the folder beside it', async () => {
    await page.goto(
      `${app.url}/library/assets/${ids.Launch}?accountId=${scope.accountId}&brandId=${scope.brandId}`,
    );
    await page.getByTestId('public-link-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('public-link-switch').click({ force: true });
    await page.getByText('Link copied').waitFor();
    const href = await dialog.getByRole('textbox', { name: 'Public link' }).first().inputValue();
    expect(href).toContain('shareToken=shr_');
    await screenshot(page, 'sharing-modal');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await visit(href, async (visitor) => {
      await visitor.getByRole('article', { name: 'Hero.jpg', exact: true }).waitFor();
      await visitor.getByTestId('powered-by').waitFor();
      expect(await visitor.getByTestId('sidebar').count()).toBe(0);
      // Read-only: no new folder, no upload; a download.
      expect(await visitor.getByRole('button', { name: 'New folder' }).count()).toBe(0);
      // The folder downloads as a zip, polled like a member's.
      await visitor.getByTestId('visitor-download').click();
      await visitor.getByText('Your zip file is ready').waitFor({ timeout: 20_000 });
      await screenshot(visitor, 'sharing-visitor-folder');
      expect(await seriousA11yViolations(visitor)).toEqual([]);
      // The item opens in the player; the close button returns to the shared folder.
      await visitor.getByRole('article', { name: 'Hero.jpg', exact: true }).getByTestId('asset-name').click();
      await visitor.getByTestId('media-player').waitFor();
      expect(new URL(visitor.url()).searchParams.get('shareToken')).toMatch(/^shr_/);
      await screenshot(visitor, 'sharing-visitor-player');
      // The folder beside it, with the same link: not available.
      const sibling = new URL(href);
      sibling.pathname = `/library/assets/${ids.Internal}`;
      await visitor.goto(sibling.toString());
      await visitor.getByText('This page is no longer available').waitFor();
      expect(await visitor.getByText('Secret.jpg').count()).toBe(0);
      await screenshot(visitor, 'sharing-visitor-sibling');
    });
  });

  it('a password link asks for it (wrong, then right); an expired link says so', async () => {
    const record = await share(ids['Review.jpg']!, { isPublic: true, password: 'open sesame' });
    await visit(record.publicShare!.href, async (visitor) => {
      await visitor.getByTestId('shared-link-locked').waitFor();
      await visitor.locator('input[type="password"]').fill('not it');
      await visitor.getByRole('button', { name: 'Open' }).click();
      await visitor.getByText('Wrong password').waitFor();
      await screenshot(visitor, 'sharing-locked');
      await visitor.locator('input[type="password"]').fill('open sesame');
      await visitor.getByRole('button', { name: 'Open' }).click();
      await visitor.getByTestId('media-player').waitFor();
      // A shared file is all there is: no close button.
      expect(await visitor.getByRole('button', { name: 'Close' }).count()).toBe(0);
    });
    await updateShare(ids['Review.jpg']!, record.publicShare!.shareTokenId, {
      password: null,
      expiresAt: new Date(Date.now() + 2_000).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await visit(record.publicShare!.href, async (visitor) => {
      await visitor.getByText('Your link has expired').waitFor();
      await screenshot(visitor, 'sharing-expired');
    });
  });
});

describe('people', () => {
  it('shares a file with Ben as Commenter (he comments, cannot rename), then Editor (he renames); he removes it', async () => {
    await page.goto(`${app.url}/library/assets?accountId=${scope.accountId}&brandId=${scope.brandId}`);
    const card = page.getByRole('article', { name: 'Review.jpg', exact: true });
    await card.hover();
    await card.getByRole('button', { name: 'Actions for Review.jpg' }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('add-people').fill(ben.email);
    await dialog.getByTestId('add-people').press('Enter');
    await dialog.getByTestId('invite-pane').waitFor();
    await dialog.getByLabel('Message (optional)').fill('Please review the colours');
    await screenshot(page, 'sharing-invite-pane');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Invitation sent').waitFor();
    await dialog.getByTestId('shared-person').filter({ hasText: ben.email }).waitFor();
    await page.keyboard.press('Escape');

    const guest = await openBrowser();
    try {
      await signInThroughPage(guest.page, app.url, ben.email, ben.password);
      await guest.page.goto(`${app.url}/shared`);
      const item = guest.page.getByRole('article', { name: 'Review.jpg', exact: true });
      await item.waitFor();
      await screenshot(guest.page, 'sharing-shared-with-me');
      await item.getByTestId('asset-name').click();
      const player = guest.page.getByTestId('media-player');
      await player.getByRole('tab', { name: 'Comments' }).click();
      const composer = player.getByRole('textbox', { name: /Add a comment/ });
      await composer.fill('Colours look right to me');
      await composer.press('Enter');
      await player.getByTestId('comment-thread').first().getByText('Colours look right to me').waitFor();
      // A Commenter cannot rename: the title is plain text, not a button.
      await player.getByTestId('player-title').waitFor();
      expect(await player.locator('button[data-testid="player-title"]').count()).toBe(0);

      // Ana makes him an Editor: he renames it.
      const record = await api<ShareRecord>(endpoints.shares.get, {
        library: 'BRAND',
        id: ids['Review.jpg']!,
      });
      await updateShare(ids['Review.jpg']!, record.sharedWith[0]!.shareTokenId, { action: 'write' });
      await guest.page.reload();
      await guest.page.getByTestId('media-player').waitFor();
      await guest.page.locator('button[data-testid="player-title"]').click();
      await guest.page.getByTestId('player-title-input').fill('Review v2');
      await guest.page.getByTestId('player-title-input').press('Enter');
      await expect
        .poll(
          async () =>
            (
              await api<{ name: string }>(endpoints.library.getItem, {
                library: 'BRAND',
                id: ids['Review.jpg']!,
              })
            ).name,
        )
        .toBe('Review v2.jpg');

      // He removes it from his shared items.
      await guest.page.goto(`${app.url}/shared`);
      const shared = guest.page.getByRole('article', { name: 'Review v2.jpg', exact: true });
      await shared.hover();
      await shared.getByRole('button', { name: 'Actions for Review v2.jpg' }).click();
      await guest.page.getByRole('menuitem', { name: 'Remove from shared' }).click();
      await guest.page.getByTestId('shared-empty').waitFor();
    } finally {
      await guest.close();
    }
  });

  it('an invited address signs up into the shared item', async () => {
    const email = 'cleo@sharing.test';
    await share(ids.Launch!, { shares: [{ email, action: 'read' }], notify: true });
    const link = await newestMailLink(app.dataDir, email, '/invite-signup');
    const guest = await openBrowser();
    try {
      await guest.page.goto(link.toString());
      await guest.page.getByRole('button', { name: 'Continue', exact: true }).click();
      await guest.page.getByLabel('Full name').fill('Cleo Park');
      await guest.page.locator('input[type="password"]').nth(0).fill('cleo password 1');
      await guest.page.locator('input[type="password"]').nth(1).fill('cleo password 1');
      await guest.page.getByRole('button', { name: 'Create account' }).click();
      await guest.page.getByRole('article', { name: 'Hero.jpg', exact: true }).waitFor({ timeout: 20_000 });
      await screenshot(guest.page, 'sharing-invited-signup');
    } finally {
      await guest.close();
    }
  });
});
