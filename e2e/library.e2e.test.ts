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
import { seriousA11yViolations } from './support/axe.js';

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
  page = browser.page;
  const { email, password } = app.demo();
  await signInThroughPage(page, app.url, email, password);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const card = (name: string) => page.getByRole('article', { name, exact: true });
const toast = (text: string | RegExp) => page.getByText(text).first();

async function openFolder(name: string) {
  await card(name).getByTestId('asset-name').click();
  await page.getByTestId('page-title').filter({ hasText: name }).waitFor();
}

async function newFolder(name: string) {
  await page.getByRole('button', { name: 'New folder' }).first().click();
  await page.getByRole('textbox', { name: 'Folder name' }).fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await card(name).waitFor();
  // Let the dialog's exit transition finish before the next pointer action.
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function goToRoot() {
  await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Brand assets' }).click();
  await card('Brand Kit').waitFor();
}

describe('library journeys', () => {
  it('opens the demo brand library in grid and list views', async () => {
    await page.goto(`${app.url}/library/assets`);
    await card('Campaigns').waitFor();
    await screenshot(page, 'library-grid');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByTestId('asset-table').waitFor();
    await screenshot(page, 'library-list');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await card('Campaigns').waitFor();
  });

  it('creates nested folders and drags a folder into another', async () => {
    await newFolder('Launch');
    await newFolder('Drafts');
    await openFolder('Launch');
    await newFolder('Week 1');
    await goToRoot();

    await dragOnto(page, card('Drafts'), card('Launch'), () => screenshot(page, 'library-drag-over'));
    await toast('Asset moved').waitFor();
    await card('Drafts').waitFor({ state: 'detached' });
    await openFolder('Launch');
    await card('Drafts').waitFor();
    await card('Week 1').waitFor();
    await goToRoot();
  });

  it('shift-selects a range and moves it with the folder picker, then copies', async () => {
    // Names that sort next to each other (folders are listed by name, ignoring case).
    await newFolder('Xray 1');
    await newFolder('Xray 2');
    await newFolder('Xray 3');
    await card('Xray 1').getByRole('checkbox').click();
    await card('Xray 3')
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await page.getByTestId('bulk-bar').getByText('3 selected').waitFor();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Move' }).click();
    const picker = page.getByRole('dialog', { name: /Move 3 items to/ });
    await picker.waitFor();
    await picker.getByRole('option', { name: 'Product shots' }).click();
    await screenshot(page, 'library-folder-picker');
    await picker.getByRole('button', { name: 'Move here' }).click();
    await toast('3 assets moved').waitFor();
    await card('Xray 2').waitFor({ state: 'detached' });

    await openFolder('Product shots');
    for (const name of ['Xray 1', 'Xray 2', 'Xray 3']) await card(name).waitFor();
    await card('Xray 1').hover();
    await card('Xray 1').getByRole('button', { name: 'Actions for Xray 1' }).click();
    await page.getByRole('menuitem', { name: 'Copy to…' }).click();
    const copyPicker = page.getByRole('dialog', { name: /Copy 1 item to/ });
    await copyPicker.getByRole('option', { name: 'UGC footage' }).click();
    await copyPicker.getByRole('button', { name: 'Copy here' }).click();
    await toast('Asset copied').waitFor();
    await card('Xray 1').waitFor();
    await goToRoot();
    await openFolder('UGC footage');
    await card('Xray 1').waitFor();
    await goToRoot();
  });

  it('renames, stars, sees it in Starred, and deletes with confirmation', async () => {
    await page.keyboard.press('Escape');
    await newFolder('Old name');
    await card('Old name').hover();
    await card('Old name').getByRole('button', { name: 'Actions for Old name' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Fresh name');
    await page.getByRole('button', { name: 'Save' }).click();
    await card('Fresh name').waitFor();

    await card('Fresh name').hover();
    await card('Fresh name').getByRole('button', { name: 'Add Fresh name to starred' }).click();
    await page.getByRole('link', { name: 'Starred' }).click();
    await page.getByTestId('starred-page').waitFor();
    await card('Fresh name').waitFor();
    await screenshot(page, 'library-starred');

    await page.getByRole('link', { name: 'Library' }).first().click();
    await card('Fresh name').hover();
    await card('Fresh name').getByRole('button', { name: 'Actions for Fresh name' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete items' }).waitFor();
    await screenshot(page, 'library-delete-confirm');
    await page.getByTestId('confirm-delete').click();
    await card('Fresh name').waitFor({ state: 'detached' });
  });

  it("the 'Brand Kit' system folder offers no rename, move or delete", async () => {
    await page.keyboard.press('Escape');
    await card('Brand Kit').hover();
    await card('Brand Kit').getByRole('button', { name: 'Actions for Brand Kit' }).click();
    await page.getByRole('menuitem', { name: 'Copy to…' }).waitFor();
    for (const item of ['Rename', 'Move to…', 'Delete']) {
      expect(await page.getByRole('menuitem', { name: item }).count()).toBe(0);
    }
    await page.keyboard.press('Escape');
    await card('Brand Kit').getByRole('checkbox').click();
    const bar = page.getByTestId('bulk-bar');
    await bar.getByText('1 selected').waitFor();
    expect(await bar.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await bar.getByRole('button', { name: 'Move' }).count()).toBe(0);
    await screenshot(page, 'library-system-folder');
  });

  it('opens a demo video with the mouse; Space plays and pauses it; closing gives focus back', async () => {
    await app.demoMedia();
    await page.goto(`${app.url}/library/assets`);
    await openFolder('Campaigns');
    await openFolder('Summer 2026');
    const name = card('Summer launch 16x9.mp4').getByTestId('asset-name');
    await name.click();
    const player = page.getByTestId('media-player');
    await player.locator('video').waitFor();
    // Focus left the card's name button (where Space would press the button) for the player.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'media-player');

    await page.keyboard.press('Space');
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video?.paused === false && video.currentTime > 0.2;
    });
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('video')?.paused === true);

    // The overview tab's description: typed, counted, saved with Ctrl+Enter.
    const description = player.getByRole('textbox', { name: 'Description' });
    await description.fill('Opening shot of the summer launch, 16:9 cut for YouTube.');
    await player.getByText('56 / 1000').waitFor();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/description') && response.request().method() === 'PUT',
    );
    await description.press('Control+Enter');
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'library-player-description');

    await player.getByRole('button', { name: 'Close' }).click();
    await player.waitFor({ state: 'detached' });
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
