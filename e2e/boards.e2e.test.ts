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
 * with a mention, and 'Board not found'.
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

  it("says 'Board not found' for a board that is not there", async () => {
    await page.goto(`${app.url}/boards/0190f5c5-0000-7000-8000-000000000000?${query()}`);
    await page.getByText('Board not found').waitFor();
    await page.getByText('It may have been deleted, or you lost access.').waitFor();
    await screenshot(page, 'boards-not-found');
    await page.getByRole('link', { name: 'Back to boards' }).click();
    await page.waitForURL(/\/boards(\?|$)/);
  });
});
