import path from 'node:path';
import { synthesizeVideo } from '../../platform/media/synthetic-media.js';
import {
  DEMO_IMAGE_HASH_PREFIX,
  DEMO_PAGES,
  DEMO_VIDEO_ID_PREFIX,
  type DemoMedia,
  generateDemoAdAccount,
} from '../ad-performance/demo-ads.js';
import { AdPerformanceService, type MediaSource } from '../ad-performance/service.js';
import type { IntegrationsService } from '../integrations/service.js';
import type { LibraryScope } from '../library/scope.js';
import type { SampleFile } from './sample-media.js';

/** Creative clips beside the library's own videos: short vertical and square cuts (ffmpeg test patterns). */
const CLIP_COUNT = 12;
const CLIP_SHAPES = [
  { width: 270, height: 480 },
  { width: 360, height: 360 },
  { width: 288, height: 360 },
] as const;

/**
 * The demo's ad performance (the Meta integration issue): a DEMO ad account of about 60 ads
 * over 90 days, whose creatives are the demo library's videos and images plus twelve short
 * clips, each an AD_ANALYTICS library item; and a DEMO Meta integration (no token, two
 * Pages, one open issue) that shows it on the Meta settings page.
 */
export async function addDemoAdAccount(
  scope: LibraryScope,
  deps: { adPerformance: AdPerformanceService; integrations: IntegrationsService; ffmpeg: string },
  samples: SampleFile[],
  dir: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<void> {
  const files = new Map<string, { file: string; name: string; kind: 'VIDEO' | 'IMAGE' }>();
  for (const sample of samples) {
    if (sample.inAds === false) continue;
    const kind = /\.(mp4|mov|webm)$/i.test(sample.name)
      ? 'VIDEO'
      : /\.(jpe?g|png|webp)$/i.test(sample.name)
        ? 'IMAGE'
        : null;
    if (kind) files.set(`library-${files.size + 1}`, { file: sample.file, name: sample.name, kind });
  }
  const durations = new Map<string, number>();
  for (let i = 0; i < CLIP_COUNT; i++) {
    const shape = CLIP_SHAPES[i % CLIP_SHAPES.length]!;
    const file = path.join(dir, `ad-clip-${i + 1}.mp4`);
    const seconds = 4 + (i % 3) * 2;
    durations.set(`clip-${i + 1}`, seconds);
    await synthesizeVideo(deps.ffmpeg, file, {
      seconds,
      ...shape,
      fps: 15,
      pattern: i % 2 === 0 ? 'testsrc2' : 'testsrc',
      sound: 220 + i * 40,
      preset: 'ultrafast',
    });
    files.set(`clip-${i + 1}`, { file, name: `Ad clip ${i + 1}.mp4`, kind: 'VIDEO' });
  }
  const media: DemoMedia[] = [...files].map(([key, f]) => ({
    key,
    kind: f.kind,
    ...(durations.has(key) ? { durationSeconds: durations.get(key)! } : {}),
  }));
  const data = generateDemoAdAccount({ seed: 1, today, days: 90, media });
  const { adAccount } = await deps.adPerformance.write(scope, data, { enabled: true });

  const sources = new Map<string, MediaSource>();
  for (const [key, f] of files) {
    const externalId = `${f.kind === 'VIDEO' ? DEMO_VIDEO_ID_PREFIX : DEMO_IMAGE_HASH_PREFIX}${key}`;
    sources.set(AdPerformanceService.mediaKey(f.kind, externalId), {
      kind: f.kind,
      externalId,
      fetch: async () => ({ file: f.file, name: f.name }),
    });
  }
  await deps.adPerformance.linkMedia(scope, adAccount.id, sources);
  await deps.integrations.createDemo(scope, {
    pages: DEMO_PAGES.map((page) => ({ ...page })),
    adAccountExternalId: adAccount.externalId,
    // One open issue, so the issues tab and the analytics banner have something to show.
    issue: { code: 'MISSING_PERMISSIONS_ON_ACTOR', actorId: DEMO_PAGES[1]!.id },
  });
}
