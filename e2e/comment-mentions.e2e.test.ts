import fs from 'node:fs/promises';
import path from 'node:path';
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
 * A mention and its e-mail (issue #11): Ana mentions Mia, a member of her account, in a
 * comment; Mia's inbox gets the excerpt and a link that opens the comment.
 */
let app: RunningApp;
let browser: Browser;
let page: Page;
let scope: { accountId: string; brandId: string };
const ana = { email: 'ana@mentions.test', password: 'ana password 1' };
const mia = { email: 'mia@mentions.test', password: 'mia password 1' };

beforeAll(async () => {
  app = await startApp({}, async (dataDir) => {
    const owner = createUserCommand(dataDir, [
      '--email',
      ana.email,
      '--password',
      ana.password,
      '--first-name',
      'Ana',
      '--last-name',
      'Lopez',
    ]);
    scope = { accountId: owner.accountId, brandId: owner.brandId };
    createUserCommand(dataDir, [
      '--email',
      mia.email,
      '--password',
      mia.password,
      '--first-name',
      'Mia',
      '--last-name',
      'Stone',
      '--account-id',
      owner.accountId,
      '--role',
      'member',
    ]);
  });
  // A file to comment on, uploaded through the API as the web would.
  const api = await TestApi.signIn(app.url, ana);
  await api.uploadImage(scope, 'Poster.jpg');
  browser = await openBrowser();
  page = browser.page;
  await signInThroughPage(page, app.url, ana.email, ana.password);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('mentions', () => {
  it("'@' picks a member; the comment shows '@Mia Stone' and Mia's e-mail links to it", async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('article', { name: 'Poster.jpg', exact: true }).getByTestId('asset-name').click();
    const player = page.getByTestId('media-player');
    await player.getByRole('tab', { name: 'Comments' }).click();
    const composer = player.getByRole('textbox', { name: 'Add a comment… (@ to mention)' });
    await composer.pressSequentially('Please check the title @Mi');
    const list = page.getByRole('listbox', { name: 'People to mention' });
    await list.getByRole('option', { name: /Mia Stone/ }).waitFor();
    await screenshot(page, 'comments-mention-list');
    // The open mention list is the screen axe has not seen elsewhere.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await composer.press('Enter');
    await page.waitForFunction(() =>
      (
        document.querySelector('[data-testid="comment-composer"]') as HTMLTextAreaElement | null
      )?.value.endsWith('@Mia Stone '),
    );
    await composer.pressSequentially('today <b>please</b>');
    await composer.press('Enter');
    const thread = player.getByTestId('comment-thread').first();
    await thread.getByText('@Mia Stone').waitFor();
    // Markup in a comment is text.
    await thread.getByText('today <b>please</b>', { exact: false }).waitFor();

    const link = await newestMailLink(
      app.dataDir,
      mia.email,
      `/library/assets/root/${await fileId(page)}/comments`,
    );
    const commentId = link.searchParams.get('commentId');
    expect(commentId).toBeTruthy();
    const mail = await newestMail(app.dataDir, mia.email);
    expect(mail).toContain('Ana Lopez mentioned you');
    expect(mail).toContain('@Mia Stone');
    expect(mail).toContain('&lt;b&gt;please&lt;/b&gt;');

    // The link opens the comment.
    await page.goto(link.toString());
    await page.locator(`[data-comment-id="${commentId}"]`).waitFor();
    await screenshot(page, 'comments-mention-link');
  });
});

async function fileId(p: Page): Promise<string> {
  const match = /\/library\/assets\/[^/]+\/([^/]+)\//.exec(new URL(p.url()).pathname);
  if (!match) throw new Error(`not on a file: ${p.url()}`);
  return match[1]!;
}

async function newestMail(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const wanted = to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith(`-${wanted}.eml`)).sort();
  const raw = await fs.readFile(path.join(dir, files.at(-1)!), 'utf8');
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
