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
 * The AI analysis as a user meets it (issue 15), on the demo workspace with no AI server: the
 * local tools' tags, the text read in an ad and in a video's overlays, and the persona found
 * in a portrait, in the player; the AI provider card saying what is off and how to turn it on;
 * duplicates at upload (the demo's re-encoded hero, and a copy uploaded in the browser).
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
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const card = (name: string) => page.getByRole('article', { name, exact: true });

async function openPlayer(name: string) {
  await page.goto(`${app.url}/library/assets`);
  await card('Campaigns').getByTestId('asset-name').click();
  await page.getByTestId('page-title').filter({ hasText: 'Campaigns' }).waitFor();
  await card(name).getByTestId('asset-name').click();
  const player = page.getByTestId('media-player');
  await player.waitFor();
  return player;
}

describe('AI analysis journeys', () => {
  it('reads the headline of an ad and marks the tags it added', async () => {
    const player = await openPlayer('Spring sale.png');
    // The analysis may still run when the player opens: the overview follows it (5 s refetch).
    const text = player.getByTestId('text-in-media');
    await text.getByText('Spring sale').waitFor({ timeout: 60_000 });
    expect(await text.textContent()).toContain('50% off your first order');
    const aiTags = player.getByTestId('ai-tags');
    expect(await aiTags.textContent()).toContain('16:9');
    // Human looked for faces on this server: nobody in a text ad.
    await player.getByText('No people detected').waitFor({ timeout: 60_000 });
    await screenshot(page, 'ai-analysis-ad');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('finds the person in a portrait without an AI server', async () => {
    const player = await openPlayer('Astronaut portrait.jpg');
    await player.getByText('Female · 25-34').waitFor({ timeout: 60_000 });
    expect(await player.getByTestId('ai-tags').textContent()).toContain('Person');
    await screenshot(page, 'ai-analysis-personas');
  });

  it('reads a video’s text overlays with their times', async () => {
    const player = await openPlayer('Summer text overlays.mp4');
    const text = player.getByTestId('text-in-media');
    await text.getByText('Shop the summer edit').waitFor({ timeout: 60_000 });
    expect((await text.textContent())?.replace(/\s+/g, ' ')).toContain(
      '00:00Meet the summer range00:02Light and fresh00:04Shop the summer edit',
    );
    await screenshot(page, 'ai-analysis-video');
    // No transcription server here: the transcript tab says so.
    await player.getByRole('tab', { name: 'Transcript' }).click();
    await player.getByTestId('transcript-status').getByText('Transcription is off on this server').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Where the transcript would be: how to turn it on, in the AI provider card.
    await player.getByTestId('capability-off-hint').getByRole('link').click();
    await page
      .getByTestId('ai-capability-transcription')
      .getByText('Set AI_TRANSCRIBE_BASE_URL and AI_TRANSCRIBE_MODEL')
      .waitFor();
  });

  it('Settings → Integrations: the AI provider card says what is off and how to turn it on', async () => {
    await page.goto(`${app.url}/settings/integrations`);
    const card = page.getByTestId('ai-provider-card');
    await card.getByText('AI provider', { exact: true }).waitFor();
    const transcription = card.getByTestId('ai-capability-transcription');
    expect(await transcription.textContent()).toContain('Set AI_TRANSCRIBE_BASE_URL and AI_TRANSCRIBE_MODEL');
    expect(await transcription.textContent()).toContain('Off');
    expect(await card.getByTestId('ai-capability-chat').textContent()).toContain('Off');
    // Human runs on this server: personas are on without a provider.
    expect(await card.getByTestId('ai-capability-personas').textContent()).toContain('On');
    // Reading text and technical tags run here too (tesseract is installed).
    expect(await card.getByTestId('ai-capability-ocr').textContent()).toContain(
      'Tesseract (English), on this server',
    );
    expect(await card.getByTestId('ai-capability-technicalTags').textContent()).toContain('On');
    // The demo runs on PGlite, which has pgvector: what is missing is the model.
    expect(await card.getByTestId('ai-capability-embeddings').textContent()).toContain('AI_EMBED_MODEL');
    expect(await card.getByTestId('ai-sends-media-to').textContent()).toBe(
      'No files leave this server for AI analysis.',
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'ai-provider-unconfigured');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('duplicates at upload', () => {
  it('shows the demo’s re-encoded hero as a duplicate group', async () => {
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('link', { name: 'Duplicates' }).click();
    await page.getByTestId('duplicates-page').waitFor();
    const group = page.getByRole('region', { name: 'Summer hero.jpg' });
    // The demo's files are processed after start-up: the group appears once both are.
    await expect
      .poll(
        async () => {
          if ((await group.count()) === 0) await page.reload();
          return group.count();
        },
        { timeout: 90_000, interval: 3000 },
      )
      .toBe(1);
    const copy = group.getByRole('article', { name: 'Summer hero export.jpg' });
    expect(await copy.getByTestId('duplicate-match').textContent()).toBe(
      'Looks like a duplicate of Summer hero.jpg',
    );
    await group.getByRole('article', { name: 'Summer hero.jpg' }).locator('img').first().waitFor();
    await screenshot(page, 'duplicates-page');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('a copy uploaded in the browser: ‘Looks like a duplicate of Summer hero.jpg’ → Skip removes it', async () => {
    // Someone's copy: the hero's preview, saved again as a JPEG at quality 60.
    await page.goto(`${app.url}/library/assets`);
    await card('Campaigns').getByTestId('asset-name').click();
    await page.getByTestId('page-title').filter({ hasText: 'Campaigns' }).waitFor();
    await card('Summer 2026').getByTestId('asset-name').click();
    await page.getByTestId('page-title').filter({ hasText: 'Summer 2026' }).waitFor();
    const preview = card('Summer hero.jpg').locator('img').first();
    await preview.waitFor();
    const source = await page.request.get(new URL((await preview.getAttribute('src'))!, app.url).href);
    const bytes = await sharp(await source.body())
      .jpeg({ quality: 60 })
      .toBuffer();
    await page.evaluate(
      async ({ data }) => {
        const zone = document.querySelector('[data-testid="upload-drop-zone"]')!;
        const transfer = new DataTransfer();
        transfer.items.add(
          new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'Hero from agency.jpg', {
            type: 'image/jpeg',
          }),
        );
        for (const type of ['dragenter', 'dragover', 'drop'])
          zone.dispatchEvent(
            new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
          );
      },
      { data: bytes.toString('base64') },
    );
    const notice = page.getByTestId('duplicate-notice');
    await notice.waitFor({ timeout: 90_000 });
    // The notification's title names the new file; its text, the file it looks like.
    const notification = page.getByRole('alert').filter({ has: notice });
    expect(await notification.textContent()).toContain('Hero from agency.jpg');
    expect(await notice.textContent()).toContain('Looks like a duplicate of Summer hero.jpg');
    await card('Hero from agency.jpg').waitFor();
    await screenshot(page, 'duplicates-upload-notice');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Skip' }).click();
    await notice.waitFor({ state: 'detached' });
    await card('Hero from agency.jpg').waitFor({ state: 'detached' });
  });
});
