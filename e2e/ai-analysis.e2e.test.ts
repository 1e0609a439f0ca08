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
 * The AI analysis as a user meets it (issue 15), on the demo workspace with no AI server: the
 * local tools' tags, the text read in an ad and in a video's overlays, and the persona found
 * in a portrait, in the player.
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
  });
});
