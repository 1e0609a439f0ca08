import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Semantic search as a super user meets it (issue 16), with the fake OpenAI-compatible server as
 * the embeddings model (as `npm run ai:fake` gives) on the embedded database, which has
 * pgvector: the flags are on (production), so the page offers the semantic sort (most relevant,
 * newest, oldest) and shows each result's score to the super user.
 */

/** The fake AI server (apps/server/test/fake-openai.ts), loaded at run time like fake-graph. */
interface FakeOpenAi {
  url: string;
  env: Record<string, string>;
  requestsTo(route: string): unknown[];
  close(): Promise<void>;
}
async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const file = path.resolve(import.meta.dirname, '../apps/server/test/fake-openai.ts');
  const fake = (await import(pathToFileURL(file).href)) as { startFakeOpenAi(): Promise<FakeOpenAi> };
  return fake.startFakeOpenAi();
}

const user = { email: 'search-admin@example.com', password: 'a good password' };
let fake: FakeOpenAi;
let app: RunningApp;
let browser: Browser;
let page: Page;
let files: string;

beforeAll(async () => {
  files = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-e2e-semantic-'));
  for (const [name, colour] of [
    ['Beach towel sale.png', { r: 240, g: 180, b: 60 }],
    ['Beach umbrella ad.png', { r: 60, g: 160, b: 220 }],
  ] as const)
    await sharp({ create: { width: 640, height: 640, channels: 3, background: colour } })
      .png()
      .toFile(path.join(files, name));
  fake = await startFakeOpenAi();
  // Embeddings only: the rest of the analysis stays local.
  app = await startApp(
    { AI_BASE_URL: fake.env.AI_BASE_URL!, AI_EMBED_MODEL: fake.env.AI_EMBED_MODEL! },
    async (dir) => {
      createUserCommand(dir, [
        '--email',
        user.email,
        '--password',
        user.password,
        '--first-name',
        'Sam',
        '--super-user',
      ]);
    },
  );
  browser = await openBrowser();
  page = browser.page;
  await signInThroughPage(page, app.url, user.email, user.password);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
  await fs.rm(files, { recursive: true, force: true });
});

const card = (name: string) => page.getByRole('article', { name, exact: true });

describe('semantic search', () => {
  it('offers the semantic sort and shows a super user each result’s score', async () => {
    await page.getByTestId('upload-drop-zone').waitFor();
    // One after the other: the towel is the older.
    for (const name of ['Beach towel sale.png', 'Beach umbrella ad.png']) {
      await page.getByTestId('upload-files-input').setInputFiles(path.join(files, name));
      await card(name).waitFor({ timeout: 60_000 });
    }

    // The items are embedded after processing: search until both are found and scored.
    const deadline = Date.now() + 120_000;
    for (;;) {
      await page.keyboard.press('Control+k');
      await page.getByTestId('global-search').fill('beach');
      await page.getByTestId('global-search').press('Enter');
      await page.getByTestId('search-page').waitFor();
      await page.getByTestId('search-count').waitFor();
      const scored = await page.getByTestId('result-score').count();
      if (scored >= 2 && (await card('Beach towel sale.png').count()) === 1) break;
      if (Date.now() > deadline) {
        await screenshot(page, 'search-semantic-unscored');
        throw new Error('the results were not scored');
      }
      await page.waitForTimeout(2000);
    }
    expect(fake.requestsTo('embeddings').length).toBeGreaterThan(0);
    for (const score of await page.getByTestId('result-score').allTextContents())
      expect(score).toMatch(/^Score (0|1)\.\d\d$/);

    const sort = page.getByTestId('semantic-sort');
    expect(await sort.inputValue()).toBe('Most relevant');
    await screenshot(page, 'search-semantic-scores');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await sort.click();
    await page.getByRole('option', { name: 'Oldest' }).click();
    await page.waitForURL(/sort=createdAt/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('order')).toBe('asc');
    // Oldest first: the towel was uploaded first. (The fake model's hash vectors find the
    // brand's Brand Kit folder alike too: its meaning is noise, its order is not.)
    await expect
      .poll(async () =>
        (await page.getByTestId('asset-name').allTextContents()).filter((name) => name.startsWith('Beach')),
      )
      .toEqual(['Beach towel sale.png', 'Beach umbrella ad.png']);
  }, 240_000);
});
