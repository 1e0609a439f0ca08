import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './support/api.js';
import { type SignedInWorld, screenshot, startSignedIn } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';
import { openEmbeddedDatabase } from './support/seed.js';

/**
 * AI tag allocations as a user meets them (issue 15): on a plan of one AI tag regeneration a
 * month, the first regeneration runs and says so, then the action is off with the usage in
 * its tooltip. The plan is written into the embedded database before the server starts
 * (plans have no API to change them).
 */
let world: SignedInWorld;
let page: Page;

beforeAll(async () => {
  world = await startSignedIn(
    {
      email: `rita-${Date.now()}@example.com`,
      password: 'rita-regenerates-once',
      firstName: 'Rita',
      lastName: 'Retag',
    },
    {
      prepare: async (dataDir, scope) => {
        const db = await openEmbeddedDatabase(dataDir);
        try {
          await db.query('update accounts set alloc_ai_tags_generations_count = 1 where id = $1', [
            scope.accountId,
          ]);
        } finally {
          await db.close();
        }
      },
    },
  );
  page = world.page;
});
afterAll(async () => {
  await world?.browser.close();
  await world?.app.stop();
});

describe('AI tag allocations', () => {
  it('regenerates once on a plan of one a month, then turns the action off with the usage', async () => {
    const { app, scope } = world;
    const api = await TestApi.of(page, app.url);
    await api.uploadImage(scope, 'Poster.jpg', { color: { r: 220, g: 90, b: 40 } });
    await page.goto(`${app.url}/library/assets`);
    const card = page.getByRole('article', { name: 'Poster.jpg', exact: true });
    await card.waitFor();
    const regenerate = page.getByRole('menuitem', { name: 'Regenerate AI tags' });
    // The entry shows for files the analysis tags: once the card knows it was analysed.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Escape');
          await card.hover();
          await card.getByRole('button', { name: 'Actions for Poster.jpg' }).click();
          return regenerate.count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(1);
    expect(await regenerate.getAttribute('aria-disabled')).toBeNull();
    await regenerate.click();
    await page.getByText('Regenerating AI tags for 1 items').waitFor();

    // The usage is asked again a few seconds after: the month's one regeneration is used.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Escape');
          await card.hover();
          await card.getByRole('button', { name: 'Actions for Poster.jpg' }).click();
          return regenerate.getAttribute('aria-disabled');
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe('true');
    await regenerate.hover();
    await page.getByText('AI tag regenerations this month: 1 of 1 used').waitFor();
    await screenshot(page, 'ai-allocations-regenerate-used');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Clicking the blocked entry asks nothing of the server: no second toast.
    await regenerate.click({ force: true });
    expect(await page.getByText('Regenerating AI tags for 1 items').count()).toBeLessThanOrEqual(1);
  });
});
