import fs from 'node:fs/promises';
import type { AiCapabilities, AssetTranscript } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed, byFeature } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall } from '../../test/integrations-world.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { uploadFile } from '../../test/uploads.js';

/**
 * A rough English transcript on this server (issue 15: AI_LOCAL_TRANSCRIBE=pocketsphinx,
 * Debian's pocketsphinx and pocketsphinx-en-us), from recorded speech: a LibriVox sentence
 * (provenance in NOTICE).
 */
const SPEECH = new URL('../../../test/fixtures/speech-en.m4a', import.meta.url);

describe('local transcription (pocketsphinx, no transcription server)', () => {
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { AI_LOCAL_TRANSCRIBE: 'pocketsphinx' } });
    member = await createUser(t, { role: 'member' });
  });
  afterAll(() => t?.close());

  it('transcribes recorded speech into timed English lines, marked LOCAL', { timeout: 120_000 }, async () => {
    const { created } = await uploadFile(t, member, 'reading.m4a', await fs.readFile(SPEECH));
    const analysis = byFeature(await analysed(t, member, created.id));
    expect(analysis.transcription?.status).toBe('COMPLETED');

    const { body } = await brandCall<AssetTranscript>(t, member, 'GET', `/assets/${created.id}/transcript`);
    expect(body).toMatchObject({ status: 'COMPLETED', source: 'LOCAL', language: 'en' });
    const text = body.entries.map((e) => e.content).join(' ');
    // Rough: most words, not all ('dashwood' is misheard); these come out right.
    expect(text).toContain('leisure to consider how much there might be');
    expect(text).toContain('in his power to do');
    // Timed from the recording: the speech starts within its first second and ends by its seventh.
    expect(body.entries[0]!.timestamp).toBeLessThan(1000);
    expect(body.entries.at(-1)!.endTimestamp).toBeGreaterThan(5000);
    expect(body.entries.at(-1)!.endTimestamp).toBeLessThanOrEqual(7500);
    for (const entry of body.entries) expect(entry.endTimestamp).toBeGreaterThan(entry.timestamp);
  });

  it('says transcription runs on this server, and sends no audio anywhere', async () => {
    const { body } = await brandCall<AiCapabilities>(t, member, 'GET', '/ai/capabilities');
    expect(body.capabilities.find((c) => c.id === 'transcription')).toEqual({
      id: 'transcription',
      enabled: true,
      source: 'local',
      model: 'PocketSphinx (English)',
      host: null,
      enableWith: [],
    });
    expect(body.sendsMediaTo).toEqual([]);
  });
});
