import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
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
 * Transcripts and creative clips as a user meets them (issue 15), on the demo workspace with
 * the fake OpenAI-compatible server as AI endpoint (as `npm run ai:fake` gives): a video's
 * transcript (a line seeks), its clips (search, save one into a folder), and the sidebar's
 * creative clips → CTA → the grid → the player at the clip; and a headline ad uploaded in
 * the browser, its overview following the analysis while the (slow) vision model works.
 */

/** The fake AI server (apps/server/test/fake-openai.ts), loaded at run time like fake-graph. */
interface FakeOpenAi {
  env: Record<string, string>;
  /** Queues answers for the next calls to a route ({ after: ms }: the default answer, late). */
  script(route: 'chat', ...answers: { after: number }[]): void;
  close(): Promise<void>;
}
async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const file = path.resolve(import.meta.dirname, '../apps/server/test/fake-openai.ts');
  const fake = (await import(pathToFileURL(file).href)) as { startFakeOpenAi(): Promise<FakeOpenAi> };
  return fake.startFakeOpenAi();
}

let fake: FakeOpenAi;
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startApp(fake.env);
  browser = await openBrowser();
  page = browser.page;
  const { email, password } = app.demo();
  await signInThroughPage(page, app.url, email, password);
  await app.demoMedia();
  // The demo's media and its analysis with a model take a while on 2 cores.
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await fake?.close();
});

const card = (name: string | RegExp) => page.getByRole('article', { name, exact: typeof name === 'string' });
const playhead = () =>
  page.evaluate(
    () =>
      (document.querySelector('[data-testid="player-stage"] video') as HTMLVideoElement | null)?.currentTime,
  );

async function openFolder(...names: string[]) {
  await page.goto(`${app.url}/library/assets`);
  for (const name of names) {
    await card(name).getByTestId('asset-name').click();
    await page.getByTestId('page-title').filter({ hasText: name }).waitFor();
  }
}

describe('creative clips journeys', () => {
  it('plays a video from a transcript line, finds its clips and saves one into a folder', async () => {
    await openFolder('Campaigns', 'Summer 2026');
    await card('Summer launch 16x9.mp4').getByTestId('asset-name').click();
    const player = page.getByTestId('media-player');
    await player.getByRole('tab', { name: 'Transcript' }).click();
    const lines = player.getByTestId('transcript').getByRole('listitem');
    // The analysis may still run: the tab follows it (5 s refetch).
    await lines.nth(1).waitFor({ timeout: 120_000 });
    await lines.nth(1).click();
    expect(await playhead()).toBeCloseTo(2.5, 1);
    // Keywords: one said is added and marked, its repeat ignored, one never said has no results.
    const find = player.getByRole('textbox', { name: 'Find in transcript' });
    await find.fill('fake');
    await find.press('Enter');
    await find.fill('FAKE');
    await find.press('Enter');
    expect(await player.getByTestId('transcript-keywords').getByRole('button').count()).toBe(1);
    expect(await player.getByTestId('transcript').locator('mark').count()).toBe(1);
    await find.fill('zebra');
    await find.press('Enter');
    await player.getByTestId('transcript-no-results').waitFor();
    await screenshot(page, 'creative-clips-transcript');

    await player.getByRole('tab', { name: 'Clips' }).click();
    const clips = player.getByTestId('clip');
    await clips.nth(1).waitFor({ timeout: 120_000 });
    expect(await clips.nth(0).textContent()).toContain('Pain Point');
    expect(await clips.nth(1).textContent()).toContain('CTA');
    await screenshot(page, 'creative-clips-player');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The search waits 500 ms, then keeps clips whose quote or subtype holds the words.
    await player.getByRole('textbox', { name: 'Search clips' }).fill('shop');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="clip"]').length === 1);
    expect(await clips.first().textContent()).toContain('Shop now');

    await clips.first().getByRole('button', { name: 'Save clip as asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the clip into a folder' });
    await dialog.getByRole('listitem', { name: 'Open Campaigns' }).click();
    await dialog.getByTestId('clip-folder-here').filter({ hasText: 'Campaigns' }).waitFor();
    await screenshot(page, 'creative-clips-save');
    await dialog.getByRole('button', { name: 'Save here' }).click();
    await page.getByText('The clip was saved as a new file').waitFor({ timeout: 60_000 });

    await openFolder('Campaigns');
    await card(/Summer launch 16x9.*clip/)
      .first()
      .waitFor();
  });

  it('opens the sidebar’s CTA clips and plays one from its start', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('link', { name: 'CTA', exact: true }).click();
    await page.waitForURL(/\/creative-clips\?.*types=CTA/);
    const open = page.getByTestId('clip-card').filter({ hasText: 'Summer launch 16x9.mp4' });
    await open.first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'creative-clips-grid');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await open.first().click();
    await page.waitForURL(/\/creative-clips\/[^/?]+\/videoIntelligence\?.*t=2\.5/);
    const player = page.getByTestId('media-player');
    await player.waitFor();
    await screenshot(page, 'creative-clips-grid-player-open');
    await player.getByRole('tab', { name: 'Clips', selected: true }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () =>
        ((document.querySelector('[data-testid="player-stage"] video') as HTMLVideoElement | null)
          ?.currentTime ?? 0) >= 2.4,
    );
    await screenshot(page, 'creative-clips-grid-player');
  });

  it('an uploaded headline ad: the overview says the analysis runs and tags wait, then its tags and text come', async () => {
    // A headline ad drawn here (DejaVu Sans, as the OCR tests draw theirs).
    const ad = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
          <rect width="1600" height="900" fill="#ffffff"/>
          <text x="120" y="380" font-family="DejaVu Sans" font-size="150" font-weight="bold" fill="#111111">Autumn drop</text>
          <text x="120" y="560" font-family="DejaVu Sans" font-size="80" fill="#222222">Free shipping this week</text>
        </svg>`,
      ),
    )
      .png()
      .toBuffer();
    // The model answers 20 s late: long enough to see the analysis running. Four late answers,
    // as the clip saved above may still be analysed and take the first ones.
    fake.script('chat', ...Array.from({ length: 4 }, () => ({ after: 20_000 })));
    await openFolder('Campaigns');
    await page.evaluate(
      async ({ data }) => {
        const zone = document.querySelector('[data-testid="upload-drop-zone"]')!;
        const transfer = new DataTransfer();
        transfer.items.add(
          new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'Autumn drop.png', {
            type: 'image/png',
          }),
        );
        for (const type of ['dragenter', 'dragover', 'drop'])
          zone.dispatchEvent(
            new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
          );
      },
      { data: ad.toString('base64') },
    );
    // Opened once processed (its preview shows); the analysis comes after processing.
    await card('Autumn drop.png').locator('img').first().waitFor({ timeout: 60_000 });
    await card('Autumn drop.png').getByTestId('asset-name').click();
    const player = page.getByTestId('media-player');
    await player.waitFor();
    // While it runs: what the analysis is doing, and tag editing waits for it.
    const progress = player.getByTestId('analysis-progress');
    await progress.waitFor({ timeout: 30_000 });
    expect((await progress.textContent())?.trim()).not.toBe('');
    await player.getByText('Tags can be edited when the analysis is done.').waitFor();
    await screenshot(page, 'ai-analysis-upload-running');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Then the read text and the model's tags, and tag editing opens.
    const text = player.getByTestId('text-in-media');
    await text.getByText('Autumn drop').waitFor({ timeout: 90_000 });
    expect(await text.textContent()).toContain('Free shipping this week');
    await player.getByTestId('ai-tags').waitFor({ timeout: 60_000 });
    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    await player.getByText('Tags can be edited when the analysis is done.').waitFor({ state: 'detached' });
    await screenshot(page, 'ai-analysis-upload-done');
  });
});
