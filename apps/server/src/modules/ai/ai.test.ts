import type { AiCapabilities } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall, brandPathOf } from '../../test/integrations-world.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** GET …/ai/capabilities (issue 15): each capability from the configuration, and who may ask. */
describe('the AI capabilities', () => {
  let configured: TestApp;
  let bare: TestApp;
  let member: TestUser;
  let stranger: TestUser;
  let bareMember: TestUser;

  beforeAll(async () => {
    configured = await createTestApp({
      env: {
        AI_BASE_URL: 'https://models.example.test/v1/',
        AI_API_KEY: 'sk-secret-never-shown',
        AI_CHAT_MODEL: 'chat-model-1',
        AI_VISION_MODEL: 'vision-model-1',
        AI_TRANSCRIBE_BASE_URL: 'http://whisper.internal:9000/v1',
        AI_TRANSCRIBE_MODEL: 'whisper-1',
      },
    });
    bare = await createTestApp();
    member = await createUser(configured, { role: 'member' });
    stranger = await createUser(configured);
    bareMember = await createUser(bare, { role: 'member' });
  });
  afterAll(async () => {
    await configured?.close();
    await bare?.close();
  });

  it('says which capabilities are on, where they run and what turns the others on; never the key', async () => {
    const { status, body, raw } = await brandCall<AiCapabilities>(
      configured,
      member,
      'GET',
      '/ai/capabilities',
    );
    expect(status).toBe(200);
    expect(raw).not.toContain('sk-secret');
    const byId = Object.fromEntries(body.capabilities.map((c) => [c.id, c]));
    expect(byId.chat).toEqual({
      id: 'chat',
      enabled: true,
      source: 'remote',
      model: 'chat-model-1',
      host: 'models.example.test',
      enableWith: [],
    });
    expect(byId.vision).toMatchObject({ enabled: true, model: 'vision-model-1' });
    expect(byId.transcription).toMatchObject({ enabled: true, host: 'whisper.internal:9000' });
    // With a vision model, personas are the model's.
    expect(byId.personas).toMatchObject({ enabled: true, source: 'remote', model: 'vision-model-1' });
    // Embeddings fall back to AI_BASE_URL: only the model is missing.
    expect(byId.embeddings).toMatchObject({ enabled: false, source: null, enableWith: ['AI_EMBED_MODEL'] });
    expect(body.sendsMediaTo).toEqual(['models.example.test', 'whisper.internal:9000']);
  });

  it('without an AI server everything remote is off, with the variables to set; personas run here', async () => {
    const { status, body } = await brandCall<AiCapabilities>(bare, bareMember, 'GET', '/ai/capabilities');
    expect(status).toBe(200);
    expect(body.sendsMediaTo).toEqual([]);
    expect(body.capabilities.map((c) => [c.id, c.enabled, c.enableWith])).toEqual([
      ['chat', false, ['AI_BASE_URL', 'AI_CHAT_MODEL']],
      ['vision', false, ['AI_BASE_URL', 'AI_VISION_MODEL']],
      ['embeddings', false, ['AI_BASE_URL', 'AI_EMBED_MODEL']],
      ['imageEmbeddings', false, ['AI_BASE_URL', 'AI_IMAGE_EMBED_MODEL']],
      ['transcription', false, ['AI_TRANSCRIBE_BASE_URL', 'AI_TRANSCRIBE_MODEL']],
      ['personas', true, []],
      // Reading text and technical tags run on this server (CI installs tesseract).
      ['ocr', true, []],
      ['technicalTags', true, []],
    ]);
    expect(body.capabilities.find((c) => c.id === 'personas')).toMatchObject({
      source: 'local',
      model: 'Human 3.3.6, on this server',
      host: null,
    });
  });

  it('says reading text is off, and what turns it on, when tesseract is missing', async () => {
    const before = process.env.TESSERACT_PATH;
    process.env.TESSERACT_PATH = '/nonexistent/tesseract';
    try {
      const { body } = await brandCall<AiCapabilities>(bare, bareMember, 'GET', '/ai/capabilities');
      expect(body.capabilities.find((c) => c.id === 'ocr')).toEqual({
        id: 'ocr',
        enabled: false,
        source: null,
        model: null,
        host: null,
        enableWith: ['TESSERACT_PATH'],
      });
      expect(body.capabilities.find((c) => c.id === 'technicalTags')).toMatchObject({
        enabled: true,
        source: 'local',
        model: 'ffprobe and sharp, on this server',
      });
    } finally {
      if (before === undefined) delete process.env.TESSERACT_PATH;
      else process.env.TESSERACT_PATH = before;
    }
  });

  it('is for signed-in people of the brand: 401 without a session, 404 in another brand', async () => {
    const anonymous = await configured.app.inject({
      method: 'GET',
      url: `${brandPathOf(member)}/ai/capabilities`,
    });
    expect(anonymous.statusCode).toBe(401);
    const outsider = await configured.app.inject({
      method: 'GET',
      url: `${brandPathOf(member)}/ai/capabilities`,
      headers: stranger.headers,
    });
    expect(outsider.statusCode).toBe(404);
  });
});
