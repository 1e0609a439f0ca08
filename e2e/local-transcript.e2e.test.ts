import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './support/api.js';
import { type SignedInWorld, screenshot, startSignedIn } from './support/app.js';
import { seriousA11yViolations } from './support/axe.js';

/**
 * A rough local transcript as a user meets it (issue 15): a server with no transcription
 * server but AI_LOCAL_TRANSCRIBE=pocketsphinx transcribes a recorded reading (a LibriVox
 * sentence, provenance in NOTICE); the player's transcript tab calls it rough and plays from
 * a line; the AI provider card says transcription runs on this server.
 */
const SPEECH = path.join(import.meta.dirname, '../apps/server/test/fixtures/speech-en.m4a');

let world: SignedInWorld;
let page: Page;

beforeAll(async () => {
  world = await startSignedIn(
    {
      email: `lena-${Date.now()}@example.com`,
      password: 'lena-listens-locally',
      firstName: 'Lena',
      lastName: 'Local',
    },
    { env: { AI_LOCAL_TRANSCRIBE: 'pocketsphinx' } },
  );
  page = world.page;
});
afterAll(async () => {
  await world?.browser.close();
  await world?.app.stop();
});

describe('local transcription', () => {
  it('transcribes a reading on this server: the tab says it is rough, and a line plays from its time', async () => {
    const { app, scope } = world;
    const api = await TestApi.of(page, app.url);
    await api.uploadBytes(scope, 'Reading.m4a', await fs.readFile(SPEECH));
    await page.goto(`${app.url}/library/assets`);
    await page.getByRole('article', { name: 'Reading.m4a', exact: true }).getByTestId('asset-name').click();
    const player = page.getByTestId('media-player');
    await player.getByRole('tab', { name: 'Transcript' }).click();
    const lines = player.getByTestId('transcript').getByRole('listitem');
    // Processing, then pocketsphinx: the tab follows the transcription (5 s refetch).
    await lines.first().waitFor({ timeout: 90_000 });
    expect(await player.getByTestId('transcript-source').textContent()).toContain('Rough local transcript');
    // The lines' words, without their times.
    const words = (await lines.allTextContents()).map((line) => line.slice(5).trim()).join(' ');
    expect(words).toContain('leisure to consider how much there might be');

    const last = lines.last();
    const startsAt = ((await last.textContent()) ?? '').slice(0, 5);
    await last.click();
    const [minutes, seconds] = startsAt.split(':').map(Number) as [number, number];
    const playhead = await player
      .locator('audio, video')
      .first()
      .evaluate((media: HTMLMediaElement) => media.currentTime);
    expect(Math.floor(playhead)).toBe(minutes * 60 + seconds);
    await screenshot(page, 'local-transcript');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('Settings → Integrations: transcription is on, on this server, and no audio leaves it', async () => {
    await page.goto(`${world.app.url}/settings/integrations`);
    const card = page.getByTestId('ai-provider-card');
    const transcription = card.getByTestId('ai-capability-transcription');
    await transcription.waitFor();
    expect(await transcription.textContent()).toContain('On');
    expect(await transcription.textContent()).toContain('PocketSphinx (English)');
    expect(await card.getByTestId('ai-sends-media-to').textContent()).toBe(
      'No files leave this server for AI analysis.',
    );
  });
});
