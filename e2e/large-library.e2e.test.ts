import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  dragOnto,
  openBrowser,
  type RunningApp,
  screenshot,
  signInThroughPage,
  startApp,
} from './support/app.js';
import { type SeededLibrary, seedLargeFolder } from './support/seed.js';

/**
 * A folder of 2,000 files (issue 20): the virtualised grid keeps its DOM bounded while it
 * scrolls to the end, and selection, shift-selection, opening from the keyboard and drag and
 * drop still work on cards that were out of the DOM a moment before.
 */
const FILES = 2_000;
const DOM_LIMIT = 3_000;

let app: RunningApp;
let browser: Browser;
let page: Page;
let library: SeededLibrary;

beforeAll(async () => {
  app = await startApp({}, async (dataDir) => {
    library = await seedLargeFolder(dataDir, FILES);
  });
  browser = await openBrowser();
  page = browser.page;
  await signInThroughPage(page, app.url, library.email, library.password);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const card = (name: string) => page.getByRole('article', { name, exact: true });
const domSize = () => page.evaluate(() => document.getElementsByTagName('*').length);
const name = (n: number) => `clip ${String(n).padStart(5, '0')}.mp4`;

describe('a folder of 2,000 files', () => {
  it('scrolls to the end with the DOM bounded; select, shift-select, keyboard open and drag still work', async () => {
    await page.goto(`${app.url}/library/assets/${library.folderId}`);
    await card(name(1)).waitFor();
    const body = page.getByTestId('library-body');
    const sizes: number[] = [];
    // Scroll a screen at a time until the last file is there (pages of 40 load ahead).
    for (let step = 0; step < 400; step++) {
      if ((await card(name(FILES)).count()) > 0) break;
      await body.evaluate((el) => el.scrollBy(0, el.clientHeight));
      await page.waitForTimeout(50);
      if (step % 10 === 0) sizes.push(await domSize());
    }
    await card(name(FILES)).waitFor();
    sizes.push(await domSize());
    await screenshot(page, 'large-library-end');
    expect(Math.max(...sizes)).toBeLessThan(DOM_LIMIT);
    expect(await page.getByTestId('asset-card').count()).toBeLessThan(200);

    // Select near the end, then shift-select a range that reaches back to cards scrolled away.
    await card(name(FILES)).getByRole('checkbox').click();
    await body.evaluate((el) => el.scrollBy(0, -el.clientHeight * 3));
    await card(name(FILES - 60)).waitFor();
    await card(name(FILES - 60))
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await page.getByTestId('bulk-bar').getByText('61 selected').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('bulk-bar').waitFor({ state: 'hidden' });

    // Open a file from the keyboard: focus its name and press Enter.
    await card(name(FILES - 60))
      .getByTestId('asset-name')
      .focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('media-player').waitFor();
    await page.keyboard.press('ArrowRight');
    await page
      .getByTestId('player-title')
      .filter({ hasText: name(FILES - 59) })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('media-player').waitFor({ state: 'detached' });

    // Back at the top: drag the first file onto the subfolder (folders come first).
    await body.evaluate((el) => el.scrollTo(0, 0));
    await dragOnto(page, card(name(1)), card('Drop here'));
    await page.getByText('Asset moved').first().waitFor();
    await card(name(1)).waitFor({ state: 'detached' });
    expect(await domSize()).toBeLessThan(DOM_LIMIT);
  }, 240_000);
});
