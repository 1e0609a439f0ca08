import type { AssetAnalysis } from '@hookline/contract';
import type { TestUser } from './factories.js';
import { brandCall } from './integrations-world.js';
import { eventually, type TestApp } from './test-app.js';
import { processed } from './uploads.js';

/** The AI analysis tests' shared steps (modules/ai-analysis/*.test.ts). */

export const byFeature = (analysis: AssetAnalysis) =>
  Object.fromEntries(analysis.features.map((f) => [f.feature, f]));

/** A processed file's analysis once every feature has finished (some feature has a status). */
export async function analysed(t: TestApp, u: TestUser, id: string): Promise<AssetAnalysis> {
  await processed(t, u, id);
  return eventually(async () => {
    const { body } = await brandCall<AssetAnalysis>(t, u, 'GET', `/assets/${id}/analysis`);
    const done = body.features.every((f) => f.status !== 'PENDING' && f.status !== 'PROCESSING');
    return done && body.features.some((f) => f.status) ? body : undefined;
  }, 90_000);
}
