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

/**
 * Search as a user meets it (issue 16), on a fresh demo workspace: the shell's box (Ctrl+K,
 * name suggestions, Enter), 'first order' finding the Spring sale ad through the text read
 * on it with the snippet, a type filter, the list view, and the empty state.
 */

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
  page = browser.page;
  const { email, password } = app.demo();
  await signInThroughPage(page, app.url, email, password);
  await app.demoMedia();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const card = (name: string) => page.getByRole('article', { name, exact: true });

/** Searches from the box until the results hold `name` (the demo's analysis reads text on its own time). */
async function searchUntil(keyword: string, name: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    await page.keyboard.press('Control+k');
    const box = page.getByTestId('global-search');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill(keyword);
    await box.press('Enter');
    await page.getByTestId('search-page').waitFor();
    await page
      .getByTestId('search-count')
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    if ((await card(name).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`${name} was not found by '${keyword}'`);
    await page.waitForTimeout(2000);
  }
}

describe('search', () => {
  it('finds the Spring sale ad by the words on it, from the shell box, with the snippet', async () => {
    await searchUntil('first order', 'Spring sale.png');
    const found = card('Spring sale.png');
    const snippet = found.getByTestId('match-snippet');
    expect(await snippet.getAttribute('data-source')).toBe('ON_SCREEN_TEXT');
    expect(await snippet.textContent()).toContain('first order');
    expect(await snippet.locator('mark').allTextContents()).toEqual(['first', 'order']);
    expect(await page.getByTestId('page-title').textContent()).toBe('Results for “first order”');
    await screenshot(page, 'search-results');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 180_000);

  it('suggests names while typing in the box', async () => {
    const box = page.getByTestId('global-search');
    await box.fill('');
    await box.pressSequentially('spring');
    const suggestion = page.getByTestId('global-suggestion').first();
    await suggestion.waitFor({ timeout: 10_000 });
    expect(await suggestion.textContent()).toBe('Spring sale.png');
    await screenshot(page, 'search-box-suggestions');
    await box.press('Escape');
  });

  it('narrows by type, shows the list, and says when nothing matches', async () => {
    await page.getByTestId('add-filter').click();
    await page.getByRole('menuitem', { name: 'Type', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Video' }).check();
    await page.getByTestId('filter-apply').click();
    await page.getByTestId('filter-chip').filter({ hasText: 'Type: Video' }).waitFor();
    await page.getByTestId('search-empty').waitFor();
    expect(await page.getByText('No assets match your search').count()).toBe(1);
    await screenshot(page, 'search-empty');
    expect(new URL(page.url()).searchParams.get('filters')).toContain('VIDEO');

    // Back: the filter goes, the ad is there again; in the list view.
    await page.goBack();
    await card('Spring sale.png').waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByRole('row').filter({ hasText: 'Spring sale.png' }).waitFor();
    await screenshot(page, 'search-list');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
