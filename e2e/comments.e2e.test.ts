import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  openBrowser,
  type RunningApp,
  screenshot,
  signInThroughPage,
  startApp,
} from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';

let app: RunningApp;
let browser: Browser;
let other: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
  other = await openBrowser();
  page = browser.page;
  const { email, password } = app.demo();
  await signInThroughPage(page, app.url, email, password);
  await signInThroughPage(other.page, app.url, email, password);
  await app.demoMedia();
});
afterAll(async () => {
  await other?.close();
  await browser?.close();
  await app?.stop();
});

const card = (p: Page, name: string) => p.getByRole('article', { name, exact: true });

async function openVideoComments(p: Page) {
  await p.goto(`${app.url}/library/assets`);
  await card(p, 'Campaigns').getByTestId('asset-name').click();
  await card(p, 'Summer 2026').getByTestId('asset-name').click();
  await card(p, 'Summer launch 16x9.mp4').getByTestId('asset-name').click();
  const player = p.getByTestId('media-player');
  await player.getByRole('tab', { name: 'Comments' }).click();
  await player.getByTestId('comments-panel').waitFor();
  return player;
}

describe('comment journeys', () => {
  it('shows the demo review threads; comments, replies, resolves, deletes with Undo', async () => {
    const player = await openVideoComments(page);
    const threads = player.getByTestId('comment-thread');
    await threads.first().waitFor();
    expect(await threads.count()).toBe(3);
    await player.getByText('@Company editor').first().waitFor();
    await player
      .getByRole('button', { name: /Drawing/ })
      .first()
      .waitFor();
    await screenshot(page, 'comments-demo');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const composer = player.getByRole('textbox', { name: 'Add a comment… (@ to mention)' });
    await composer.fill('The end card needs the offer code.');
    await composer.press('Enter');
    const mine = threads.filter({ hasText: 'The end card needs the offer code.' });
    await mine.waitFor();

    await mine.getByRole('button', { name: 'Reply' }).click();
    const reply = mine.getByRole('textbox', { name: 'Reply…' });
    await reply.fill('Adding it in v3.');
    await reply.press('Enter');
    await mine.getByText('Adding it in v3.').waitFor();

    await mine.getByRole('button', { name: 'Comment actions' }).first().click();
    await page.getByRole('menuitem', { name: 'Resolve' }).click();
    await page.getByText('Comment resolved').first().waitFor();
    await mine.getByText('Resolved').waitFor();
    await screenshot(page, 'comments-thread');

    const reply2 = mine.getByTestId('comment').filter({ hasText: 'Adding it in v3.' });
    await reply2.getByRole('button', { name: 'Comment actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('Comment deleted').first().waitFor();
    await mine.getByText('Adding it in v3.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await mine.getByText('Adding it in v3.').waitFor();
  });

  it('a comment added by one viewer appears for another within 5 s, without reload', async () => {
    const watching = await openVideoComments(other.page);
    const player = await openVideoComments(page);
    const composer = player.getByRole('textbox', { name: 'Add a comment… (@ to mention)' });
    await composer.fill('Live from the other browser');
    const started = Date.now();
    await composer.press('Enter');
    await watching.getByText('Live from the other browser').waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(5000);
    await screenshot(other.page, 'comments-live');
  });
});
