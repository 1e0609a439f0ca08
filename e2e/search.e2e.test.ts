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
 * on it with the snippet, a type filter, the list view, and the empty state; a search saved
 * and opened again from the sidebar; more like 'Summer hero.jpg' finding its re-encoded export.
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

  it('saves the search and opens it again from the sidebar', async () => {
    // The list of the last test: 'first order', no filter.
    await page.getByTestId('save-search').click();
    await page.getByTestId('save-search-name').fill('First order ads');
    await page.getByTestId('save-search-shared').check();
    await screenshot(page, 'search-save-dialog');
    await page.getByTestId('save-search-submit').click();
    await page.getByTestId('page-title').filter({ hasText: 'First order ads' }).waitFor();
    const row = page.getByTestId('saved-search-row').filter({ hasText: 'First order ads' });
    await row.waitFor();

    await page.getByRole('link', { name: 'Starred', exact: true }).click();
    await page.waitForURL(/\/starred/);
    await row.getByRole('link').click();
    await page.waitForURL(/\/search\?/);
    expect(await page.getByTestId('page-title').textContent()).toBe('First order ads');
    expect(await row.getByRole('link').getAttribute('aria-current')).toBe('page');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('first order');
    await page.getByRole('row').filter({ hasText: 'Spring sale.png' }).waitFor();
    await screenshot(page, 'search-saved');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('finds the re-encoded export of Summer hero.jpg through more like this', async () => {
    await page.getByRole('button', { name: 'Grid view' }).click();
    await searchUntil('summer hero', 'Summer hero.jpg');
    const hero = card('Summer hero.jpg');
    await hero.hover();
    await hero.getByRole('button', { name: /Actions for Summer hero\.jpg/ }).click();
    await page.getByRole('menuitem', { name: 'More like this' }).click();
    await page.getByTestId('page-title').filter({ hasText: 'More like “Summer hero.jpg”' }).waitFor();
    const copy = card('Summer hero export.jpg');
    await copy.waitFor({ timeout: 30_000 });
    expect(await copy.getByTestId('similarity').textContent()).toMatch(/^Similar layout · \d+%$/);
    // The item itself is not its own look-alike.
    expect(await card('Summer hero.jpg').count()).toBe(0);
    await screenshot(page, 'search-more-like-this');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 180_000);

  it('narrows a keyword by a tag and 9:16, and opens the video on its transcript', async () => {
    await searchUntil('hook', 'Creator take 9x16.mp4');
    expect(await card('Summer launch 16x9.mp4').count()).toBe(1);
    await page.getByTestId('add-filter').click();
    await page.getByRole('menuitem', { name: 'Tags', exact: true }).click();
    await page.getByRole('checkbox', { name: /UGC/ }).check();
    await page.getByTestId('filter-apply').click();
    await page.getByTestId('add-filter').click();
    await page.getByRole('menuitem', { name: 'Aspect ratio', exact: true }).click();
    await page.getByRole('checkbox', { name: '9:16' }).check();
    await page.getByTestId('filter-apply').click();
    await page.getByTestId('filter-chip').filter({ hasText: '9:16' }).waitFor();
    await page.getByRole('button', { name: 'List view' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Creator take 9x16.mp4' });
    await row.waitFor();
    await page.getByRole('row').filter({ hasText: 'Summer launch 16x9.mp4' }).waitFor({ state: 'detached' });
    await screenshot(page, 'search-filtered-list');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await row.getByText('Creator take 9x16.mp4').click();
    await page.waitForURL(/\/search\/[^/]+\/transcript/);
    await page.getByTestId('media-player').waitFor();
    await screenshot(page, 'search-opened-transcript');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  }, 180_000);

  it('plays a video from the time its on-screen words were read', async () => {
    await page.getByRole('button', { name: 'Grid view' }).click();
    await searchUntil('summer edit', 'Summer text overlays.mp4');
    const snippet = card('Summer text overlays.mp4').getByTestId('match-snippet');
    expect(await snippet.getAttribute('data-source')).toBe('ON_SCREEN_TEXT');
    const play = snippet.getByTestId('snippet-time');
    const label = (await play.getAttribute('aria-label')) ?? '';
    const [, minutes, seconds] = label.match(/^Play from (\d+):(\d\d)$/) ?? [];
    expect(seconds, label).toBeDefined();
    const at = Number(minutes) * 60 + Number(seconds);
    expect(at).toBeGreaterThan(0);
    await screenshot(page, 'search-ocr-snippet');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await play.click();
    await page.waitForURL(/\/search\/[^/]+\/overview/);
    expect(new URL(page.url()).searchParams.get('t')).toBe(String(at));
    const video = page.getByTestId('media-player').locator('video');
    await video.waitFor();
    await page.waitForFunction(
      (seconds) => {
        const media = document.querySelector('[data-testid="media-player"] video') as HTMLVideoElement | null;
        return media !== null && media.readyState > 0 && Math.abs(media.currentTime - seconds) < 1;
      },
      at,
      { timeout: 20_000 },
    );
    await screenshot(page, 'search-ocr-player');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 180_000);
});
