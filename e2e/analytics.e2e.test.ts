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
 * Creative analytics as a user meets it (issue 17), on the demo workspace's Meta ad account
 * (60 ads, 90 days of insights): the sidebar's entry, the table sorted by ROAS, a keyword.
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

const rows = () => page.getByTestId('analytics-row');
const state = () => JSON.parse(new URL(page.url()).searchParams.get('state') ?? '{}');

describe('creative analytics journey', () => {
  it('opens the demo ads, sorts by ROAS and searches by keyword', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('link', { name: 'Creative analytics' }).click();
    await page.waitForURL(/\/analytics/);
    await rows().first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('analytics-count').textContent()).toMatch(/^\d[\d,]* ads?$/);
    await screenshot(page, 'analytics-list');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sort by ROAS' }).click();
    await page.waitForURL((url) => (url.searchParams.get('state') ?? '').includes('roas'));
    expect(state().sorting).toEqual([{ id: 'roas', desc: true }]);
    await page.waitForFunction(
      () =>
        document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('ROAS') &&
        document.querySelector('[aria-busy="true"]') === null &&
        document.querySelector('[data-testid="analytics-row"]') !== null,
    );
    const roas = await rows().evaluateAll((list) =>
      list.slice(0, 10).map((row) => row.querySelector('[data-testid="cell-roas"]')?.textContent ?? ''),
    );
    const numbers = roas.filter((v) => v !== 'N/A').map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await screenshot(page, 'analytics-sorted-roas');

    await page.getByRole('textbox', { name: 'Search ads' }).fill('Testimonial');
    await page.waitForURL((url) => (url.searchParams.get('state') ?? '').includes('Testimonial'));
    await page.waitForFunction(() => {
      const names = Array.from(document.querySelectorAll('[data-testid="ad-name"]')).map(
        (n) => n.textContent ?? '',
      );
      return names.length > 0 && names.every((name) => name.includes('Testimonial'));
    });
    await screenshot(page, 'analytics-keyword');

    await page.getByRole('textbox', { name: 'Search ads' }).fill('zzzz-no-such-ad');
    await page.getByTestId('analytics-empty').waitFor({ timeout: 30_000 });
    await screenshot(page, 'analytics-empty');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back: the keyword and its results again.
    await page.goBack();
    await rows().first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: 'Search ads' }).inputValue()).toBe('Testimonial');
  });
});
