import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/feature-flags', () => {
  it('answers every flag: on by default, tag usage count and recaptcha off, test-only flags off in test', async () => {
    const response = await t.app.inject({ url: '/api/feature-flags' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      analyticsBarChart: true,
      pricing: true,
      hookAnalysis: true,
      compareAdsAddItem: true,
      exportAnalyticsCsv: true,
      tagUsageCount: false,
      mediaCreativeFields: true,
      adCreativeMenuItems: true,
      recaptcha: false,
      assetAutoSync: true,
      semanticSearch: false,
      resultScore: false,
      videoIntelligenceTypes: false,
      boardTemplates: true,
    });
  });

  it('values stored in the table win over the defaults', async () => {
    await t.context.services.featureFlags.set('pricing', false);
    await t.context.services.featureFlags.set('tagUsageCount', true);
    const flags = (await t.app.inject({ url: '/api/feature-flags' })).json();
    expect(flags.pricing).toBe(false);
    expect(flags.tagUsageCount).toBe(true);
    expect(flags.boardTemplates).toBe(true);
  });
});

describe('outside the test environment', () => {
  it('semantic search, result score and video intelligence types are on', async () => {
    const production = await createTestApp({ config: { appEnv: 'production' } });
    try {
      const flags = (await production.app.inject({ url: '/api/feature-flags' })).json();
      expect(flags).toMatchObject({ semanticSearch: true, resultScore: true, videoIntelligenceTypes: true });
    } finally {
      await production.close();
    }
  });
});
