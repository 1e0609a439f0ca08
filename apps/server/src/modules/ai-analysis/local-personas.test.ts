import fs from 'node:fs/promises';
import type { AssetAnalysis } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysed } from '../../test/analysis.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { image } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getAsset, uploadFile } from '../../test/uploads.js';
import { ASTRONAUT_PHOTO } from '../demo/sample-media.js';

/**
 * Personas without a vision model (issue 15): Human on this server finds the faces in a
 * picture (gender and age group; the rest null) and its COCO objects become tags.
 */
const statusOf = (analysis: AssetAnalysis, feature: string) =>
  analysis.features.find((f) => f.feature === feature)?.status;

describe('personas from the local people detector (no vision model)', () => {
  let t: TestApp;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t, { role: 'member' });
  });
  afterAll(() => t?.close());

  it('finds the astronaut: one woman of 25-34, and tags the person', { timeout: 120_000 }, async () => {
    const { created } = await uploadFile(t, member, 'astronaut.jpg', await fs.readFile(ASTRONAUT_PHOTO));
    const analysis = await analysed(t, member, created.id);
    expect(statusOf(analysis, 'personas')).toBe('COMPLETED');
    expect(statusOf(analysis, 'description')).toBe('SKIPPED_UNQUALIFIED');
    const asset = await getAsset(t, member, created.id);
    expect(asset.personasStatus).toBe('COMPLETED');
    expect(asset.personas).toEqual([
      {
        gender: 'Female',
        ageGroup: '25-34',
        complexion: null,
        hairColor: null,
        hasBeard: null,
        hasMustache: null,
        hasSunglasses: null,
        hasEyeglasses: null,
      },
    ]);
    const tags = asset.tags.filter((tag) => tag.source === 'AI').map((tag) => tag.name);
    expect(tags).toEqual(expect.arrayContaining(['Person', 'Square']));
  });

  it('finds nobody in a generated picture', { timeout: 120_000 }, async () => {
    const { created } = await uploadFile(t, member, 'circle.png', await image(640, 480, 'png'));
    const analysis = await analysed(t, member, created.id);
    expect(statusOf(analysis, 'personas')).toBe('COMPLETED_NO_CONTENT_DETECTED');
    const asset = await getAsset(t, member, created.id);
    expect(asset).toMatchObject({ personasStatus: 'COMPLETED_NO_CONTENT_DETECTED', personas: null });
    expect(asset.tags.map((tag) => tag.name)).not.toContain('Person');
  });
});
