import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Board, type EndpointDefinition, endpoints } from '@hookline/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
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
 * Boards (issue #13): the first board from the empty state, uploading into it and finding
 * the files in the library, changing its status, removing items with confirmation, an
 * invited person opening the mail's link and finding the board under shared, a comment
 * with a mention, 'Board not found', adding library items from the bulk bar, a rich
 * description that survives a reload, two reviewers approving everything, and the
 * presentation signed out.
 */
let app: RunningApp;
let owner: Browser;
let page: Page;
let scope: { accountId: string; brandId: string };
let client: TestApi;
let files: string;
const ana = { email: 'ana@boards.test', password: 'ana password 1' };
const ben = { email: 'ben@boards.test', password: 'ben password 1' };

const api = <T = unknown>(endpoint: EndpointDefinition, params: Record<string, string> = {}, body?: object) =>
  client.call<T>(endpoint, { params: { ...scope, ...params }, ...(body ? { body } : {}) });
const card = (p: Page, name: string) => p.getByRole('article', { name, exact: true });
const query = () => `accountId=${scope.accountId}&brandId=${scope.brandId}`;

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
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-boards-'));
  for (const [name, r] of [
    ['poster.jpg', 200],
    ['banner.jpg', 40],
  ] as const)
    await sharp({ create: { width: 800, height: 500, channels: 3, background: { r, g: 90, b: 160 } } })
      .jpeg()
      .toFile(path.join(files, name));
  owner = await openBrowser();
  page = owner.page;
  await signInThroughPage(page, app.url, ana.email, ana.password);
});
afterAll(async () => {
  await owner?.close();
  await app?.stop();
  if (files) await fs.rm(files, { recursive: true, force: true });
});

describe('boards', () => {
  it('makes the first board from the empty state, uploads two files into it and finds them in the library', async () => {
    await page.goto(`${app.url}/boards?${query()}`);
    await page.getByRole('button', { name: 'Create your first board' }).click();
    const dialog = page.getByRole('dialog');
    const create = dialog.getByRole('button', { name: 'Create board' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Board name' }).fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Board name' }).fill('Spring launch');
    await screenshot(page, 'boards-create');
    await create.click();
    await page.waitForURL(/\/boards\/[0-9a-f-]{36}/);
    await page.getByText('This board is empty.').waitFor();
    await screenshot(page, 'boards-empty-board');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page
      .getByTestId('upload-files-input')
      .first()
      .setInputFiles([path.join(files, 'poster.jpg'), path.join(files, 'banner.jpg')]);
    await card(page, 'poster.jpg').locator('img').waitFor({ timeout: 60_000 });
    await card(page, 'banner.jpg').locator('img').waitFor({ timeout: 60_000 });
    await screenshot(page, 'boards-board-with-uploads');

    // In the library: Boards / Spring launch holds both.
    await page.goto(`${app.url}/library/assets?${query()}`);
    await card(page, 'Boards').getByTestId('asset-name').click();
    await card(page, 'Spring launch').getByTestId('asset-name').click();
    await card(page, 'poster.jpg').waitFor();
    await card(page, 'banner.jpg').waitFor();
  });

  it('changes the status, and removes two items after confirming', async () => {
    const [board] = await api<Board[]>(endpoints.boards.list);
    const extra = await client.uploadImage(scope, 'third.jpg');
    await api(
      endpoints.library.bulkUpdate,
      {},
      { entities: [{ id: extra }], updateQuery: { boardId: board!.id } },
    );
    await page.goto(`${app.url}/boards/${board!.id}?${query()}`);
    await card(page, 'third.jpg').waitFor();

    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'In review' }).click();
    await page.getByText('Your board is now marked as In review').waitFor();
    expect((await api<Board>(endpoints.boards.get, { id: board!.id })).status).toBe('IN_REVIEW');

    await page.getByRole('checkbox', { name: 'Select poster.jpg' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Select third.jpg' }).check({ force: true });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Remove from board' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Remove 2 assets from this board?').waitFor();
    await screenshot(page, 'boards-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await card(page, 'third.jpg').waitFor({ state: 'detached' });
    await card(page, 'poster.jpg').waitFor({ state: 'detached' });
    await card(page, 'banner.jpg').waitFor();
    // Removed from the board, still in the library.
    expect(
      (await api<{ name: string }>(endpoints.library.getItem, { library: 'BRAND', id: extra })).name,
    ).toBe('third.jpg');
  });

  it('an invited person opens the mail link, finds the board under shared and comments with a mention', async () => {
    const [board] = await api<Board[]>(endpoints.boards.list);
    await api(endpoints.boards.invite, { id: board!.id }, { emails: [{ email: ben.email, action: 'read' }] });
    const link = await newestMailLink(app.dataDir, ben.email, `/boards/${board!.id}`);
    const guest = await openBrowser();
    try {
      await signInThroughPage(guest.page, app.url, ben.email, ben.password);
      await guest.page.goto(link.toString());
      await guest.page.getByRole('heading', { name: 'Spring launch' }).waitFor();
      await card(guest.page, 'banner.jpg').waitFor();
      // Read only: no status change, no uploads.
      expect(await guest.page.getByTestId('upload-files-input').count()).toBe(0);
      await screenshot(guest.page, 'boards-invited-view');

      await guest.page.goto(`${app.url}/boards/shared`);
      await guest.page
        .getByRole('link', { name: /Spring launch/ })
        .first()
        .waitFor();
      await screenshot(guest.page, 'boards-shared-with-me');
      expect(await seriousA11yViolations(guest.page)).toEqual([]);

      await guest.page
        .getByRole('link', { name: /Spring launch/ })
        .first()
        .click();
      await guest.page.getByRole('button', { name: 'Show comments' }).click();
      const panel = guest.page.getByRole('complementary', { name: 'Comments' });
      const composer = panel.getByRole('textbox', { name: /Add a comment/ });
      await composer.pressSequentially('Lovely work @An');
      await guest.page.getByRole('listbox', { name: 'People to mention' }).getByText('Ana Lopez').click();
      await composer.press('Enter');
      await panel.getByTestId('comment-thread').first().getByText('@Ana Lopez').waitFor();
      await screenshot(guest.page, 'boards-comment-mention');
    } finally {
      await guest.close();
    }
    const mention = await newestMailLink(app.dataDir, ana.email, `/boards/${board!.id}`);
    expect(mention.searchParams.get('commentId')).toBeTruthy();
  });

  it("adds three library items from the bulk bar and follows the toast's link to the board", async () => {
    for (const name of ['one.jpg', 'two.jpg', 'three.jpg']) await client.uploadImage(scope, name);
    await page.goto(`${app.url}/library/assets?${query()}`);
    for (const name of ['one.jpg', 'two.jpg', 'three.jpg'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check({ force: true });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Add to board' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('option', { name: /Spring launch/ }).click();
    const toast = page.getByText(/Added 3 items to/);
    await toast.waitFor();
    await screenshot(page, 'boards-assign-toast');
    await toast.getByRole('link', { name: 'Spring launch' }).click();
    await page.waitForURL(/\/boards\/[0-9a-f-]{36}/);
    for (const name of ['one.jpg', 'two.jpg', 'three.jpg']) await card(page, name).waitFor();
  });

  it('keeps a description with a heading, a check list and a coloured word across a reload', async () => {
    const [board] = await api<Board[]>(endpoints.boards.list);
    await page.goto(`${app.url}/boards/${board!.id}?${query()}`);
    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.getByRole('button', { name: /^Text style/ }).click();
    await page.getByRole('menuitem', { name: 'Heading 1' }).click();
    await editor.pressSequentially('Launch plan');
    await editor.press('Enter');
    await page.getByRole('button', { name: /^Text style/ }).click();
    await page.getByRole('menuitem', { name: 'Check list' }).click();
    await editor.pressSequentially('Hooks ready');
    for (let i = 0; i < 5; i += 1) await editor.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Text colour' }).click();
    await page.getByRole('button', { name: 'Red 6' }).click();
    await editor.press('End');
    await page.getByText('Saved').waitFor({ timeout: 10_000 });
    // 'Saved' may still be the heading's save: wait until the colour is stored too.
    for (let tries = 0; ; tries += 1) {
      const stored = await api<Board>(endpoints.boards.get, { id: board!.id });
      if (JSON.stringify(stored.lexicalDescription).includes('color: #')) break;
      if (tries > 50) throw new Error('the coloured word was not saved');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await screenshot(page, 'boards-rich-description-editing');
    await page.reload();
    const reloaded = page.getByRole('textbox', { name: 'Description' });
    await reloaded.getByRole('heading', { name: 'Launch plan' }).waitFor();
    // A check list's items are checkboxes (Lexical's check list).
    await reloaded.getByRole('checkbox').filter({ hasText: 'Hooks ready' }).waitFor();
    const coloured = await reloaded.locator('span[style*="color"]').first().textContent();
    expect(coloured).toBe('ready');
    await screenshot(page, 'boards-rich-description');
    const saved = await api<Board>(endpoints.boards.get, { id: board!.id });
    expect(saved.description).toContain('Launch plan\nHooks ready');
  });

  it('two reviewers approve every item and the board turns Approved', async () => {
    const [board] = await api<Board[]>(endpoints.boards.list);
    const people = await api<{ id: string; email: string | null }[]>(endpoints.boards.mentions, {
      id: board!.id,
    });
    const reviewerIds = people.filter((p) => p.email === ana.email || p.email === ben.email).map((p) => p.id);
    expect(reviewerIds).toHaveLength(2);
    await api(
      endpoints.boards.update,
      { id: board!.id },
      { reviewMode: true, reviewerIds, autoStatus: true },
    );
    const items = await client.call<{ id: string; name: string }[]>(endpoints.library.listAssets, {
      params: scope,
      query: { boardId: board!.id },
    });
    // Ben approves through the API; Ana on the board's cards.
    const benApi = await TestApi.signIn(app.url, ben);
    for (const item of items)
      await benApi.call(endpoints.boards.review, {
        params: { ...scope, id: board!.id, assetId: item.id },
        body: { decision: 'APPROVED' },
      });
    await page.goto(`${app.url}/boards/${board!.id}?${query()}`);
    for (const item of items) {
      const itemCard = card(page, item.name);
      await itemCard.hover();
      await page.getByRole('button', { name: `Approve ${item.name}`, exact: true }).click();
      await itemCard.getByText('Approved').waitFor();
    }
    await page.getByRole('button', { name: /Change status: Approved/ }).waitFor({ timeout: 15_000 });
    await page.getByText(`${items.length} of ${items.length} approved`).waitFor();
    await screenshot(page, 'boards-review-approved');
    expect((await api<Board>(endpoints.boards.get, { id: board!.id })).status).toBe('APPROVED');
  });

  it('presents the board to someone signed out: a cover, then a slide per item', async () => {
    const [board] = await api<Board[]>(endpoints.boards.list);
    const { href, shareTokenId } = await api<{ href: string; shareTokenId: string }>(
      endpoints.boards.presentation,
      { id: board!.id },
    );
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(href);
      await visitor.page.getByRole('heading', { name: 'Spring launch' }).waitFor();
      await screenshot(visitor.page, 'boards-presentation-cover');
      await visitor.page.keyboard.press('ArrowRight');
      await visitor.page
        .getByText(/^1 \/ \d+$/)
        .or(visitor.page.getByText(/^2 \/ \d+$/))
        .first()
        .waitFor();
      await screenshot(visitor.page, 'boards-presentation-slide');
      expect(await seriousA11yViolations(visitor.page)).toEqual([]);

      // The board's own public link opens the presentation too; locked, it asks for the password first.
      const boardLink = href.replace('/present?', '?');
      await visitor.page.goto(boardLink);
      await visitor.page.waitForURL(/\/present\?/);
      await visitor.page.getByRole('heading', { name: 'Spring launch' }).waitFor();
      await api(
        endpoints.shares.update,
        { library: 'BRAND', id: board!.folderId, shareId: shareTokenId },
        { password: 'board secret 1' },
      );
      await visitor.page.goto(boardLink);
      await visitor.page.getByTestId('shared-link-locked').waitFor();
      await visitor.page.locator('input[type="password"]').fill('board secret 1');
      await visitor.page.getByRole('button', { name: 'Open' }).click();
      await visitor.page.waitForURL(/\/present\?/);
      await visitor.page.getByRole('heading', { name: 'Spring launch' }).waitFor();
    } finally {
      await visitor.close();
    }
  });

  it("says 'Board not found' for a board that is not there", async () => {
    await page.goto(`${app.url}/boards/0190f5c5-0000-7000-8000-000000000000?${query()}`);
    await page.getByText('Board not found').waitFor();
    await page.getByText('It may have been deleted, or you lost access.').waitFor();
    await screenshot(page, 'boards-not-found');
    await page.getByRole('link', { name: 'Back to boards' }).click();
    await page.waitForURL(/\/boards(\?|$)/);
  });
});
