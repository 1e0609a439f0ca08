import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { runTool } from '../../platform/media/run-tool.js';
import { simplePdf } from '../../platform/media/simple-pdf.js';
import { synthesizeVideo, textOverlayVideo, textSlide } from '../../platform/media/synthetic-media.js';

export interface SampleFile {
  name: string;
  file: string;
  /** The demo folder it goes in (a DEMO_FOLDERS key), or the root. */
  folderKey?: string;
  /** False: not one of the demo ad account's creatives. */
  inAds?: false;
}

/**
 * A 512 px copy of the public-domain NASA photo of Eileen Collins from scikit-image (NOTICE),
 * committed with the tests: the demo's one real face (src/ and dist/ are at the same depth).
 */
export const ASTRONAUT_PHOTO = fileURLToPath(
  new URL('../../../test/fixtures/astronaut.jpg', import.meta.url),
);

/** A branded picture: a diagonal gradient, a soft circle and a title, made with sharp. */
async function picture(
  file: string,
  width: number,
  height: number,
  colors: [string, string],
  title: string,
  format: 'jpeg' | 'png' | 'webp',
) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.72}" cy="${height * 0.38}" r="${Math.min(width, height) * 0.22}" fill="#ffffff" fill-opacity="0.22"/>
  <text x="${width * 0.08}" y="${height * 0.82}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height / 11)}" font-weight="700" fill="#ffffff">${title}</text>
</svg>`;
  await sharp(Buffer.from(svg)).toFormat(format, { quality: 86 }).toFile(file);
}

/**
 * The demo brand's media (uploads issue): pictures made with sharp, two short videos and a
 * voice-over made with ffmpeg's test sources, a CSV media plan and a PDF brief, and one
 * committed photo (a portrait). Nothing is downloaded, so a new user sees thumbnails and
 * playable media offline.
 */
export async function makeSampleMedia(dir: string, ffmpeg: string): Promise<SampleFile[]> {
  const at = (name: string) => path.join(dir, name);
  const files: SampleFile[] = [];
  await picture(at('hero.jpg'), 1600, 900, ['#7048e8', '#f06595'], 'Summer 2026', 'jpeg');
  files.push({ name: 'Summer hero.jpg', file: at('hero.jpg'), folderKey: 'campaigns/summer' });
  // Someone's smaller export of the same picture: the duplicates view shows the pair (issue 15).
  await sharp(at('hero.jpg')).resize(960).jpeg({ quality: 60 }).toFile(at('hero-export.jpg'));
  files.push({
    name: 'Summer hero export.jpg',
    file: at('hero-export.jpg'),
    folderKey: 'campaigns/summer',
    inAds: false,
  });
  await picture(at('holiday.png'), 1200, 1200, ['#0b7285', '#66d9e8'], 'Holiday drop', 'png');
  files.push({ name: 'Holiday square.png', file: at('holiday.png'), folderKey: 'campaigns/holiday' });
  await picture(at('bottle.webp'), 1000, 1250, ['#2b8a3e', '#c0eb75'], 'Product', 'webp');
  files.push({ name: 'Bottle packshot.webp', file: at('bottle.webp'), folderKey: 'product' });

  // An ad with a headline and an offer: the AI analysis reads its text (issue 15).
  await textSlide(
    at('spring.png'),
    1600,
    900,
    ['#f8f9fa', '#e9ecef'],
    ['Spring sale', '50% off your first order'],
  );
  files.push({ name: 'Spring sale.png', file: at('spring.png'), folderKey: 'campaigns' });
  // A real portrait: the local analysis finds one persona in it (Female, 25-34). Not an ad:
  // the demo ad account's generated figures stay as they were.
  await copyFile(ASTRONAUT_PHOTO, at('astronaut.jpg'));
  files.push({
    name: 'Astronaut portrait.jpg',
    file: at('astronaut.jpg'),
    folderKey: 'campaigns',
    inAds: false,
  });

  await synthesizeVideo(ffmpeg, at('launch.mp4'), {
    seconds: 12,
    width: 1280,
    height: 720,
    fps: 25,
    sound: 330,
  });
  files.push({ name: 'Summer launch 16x9.mp4', file: at('launch.mp4'), folderKey: 'campaigns/summer' });
  await synthesizeVideo(ffmpeg, at('ugc.mp4'), {
    seconds: 9,
    width: 720,
    height: 1280,
    fps: 30,
    pattern: 'testsrc',
    sound: 'noise',
  });
  files.push({ name: 'Creator take 9x16.mp4', file: at('ugc.mp4'), folderKey: 'ugc/raw' });
  await runTool(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'aevalsrc=0.25*sin(2*PI*(262+131*floor(mod(2*t\\,4)))*t):s=44100:d=8',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    at('voice.m4a'),
  ]);
  files.push({ name: 'Voice-over jingle.m4a', file: at('voice.m4a'), folderKey: 'ugc' });

  // Text overlays on a calm gradient, two seconds each: the analysis reads them with their times.
  await textOverlayVideo(
    ffmpeg,
    at('overlays.mp4'),
    ['Meet the summer range', 'Light and fresh', 'Shop the summer edit'],
    dir,
  );
  files.push({ name: 'Summer text overlays.mp4', file: at('overlays.mp4'), folderKey: 'campaigns' });

  const csv = [
    'week,channel,creative,budget_usd,target_cpa_usd',
    '2026-06-01,Meta,Summer launch 16x9,4200,18.50',
    '2026-06-01,TikTok,Creator take 9x16,3100,14.00',
    '2026-06-08,Meta,Summer hero,2800,19.00',
    '2026-06-08,YouTube,Summer launch 16x9,2500,22.00',
    '2026-06-15,"Meta, Instagram",Holiday square,1900,17.25',
  ].join('\n');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(at('plan.csv'), `${csv}\n`);
  files.push({ name: 'Media plan.csv', file: at('plan.csv'), folderKey: 'campaigns' });
  await writeFile(
    at('brief.pdf'),
    simplePdf([
      {
        boxes: [
          { x: 0, y: 692, width: 612, height: 100, rgb: [0.44, 0.28, 0.91] },
          { x: 72, y: 260, width: 468, height: 200, rgb: [0.95, 0.94, 0.99] },
        ],
        lines: [
          { text: 'Creative brief: Summer 2026', size: 28, x: 72, y: 730 },
          { text: 'Goal: launch the summer range to new customers.', size: 14, x: 72, y: 640 },
          { text: 'Hook: open on the product in the first second.', size: 14, x: 72, y: 615 },
          { text: 'Formats: 16:9 for YouTube, 9:16 for TikTok and Reels.', size: 14, x: 72, y: 590 },
          { text: 'Call to action: Shop the summer edit.', size: 14, x: 72, y: 565 },
          { text: 'Assets in Hookline: Campaigns / Summer 2026', size: 12, x: 90, y: 420 },
        ],
      },
    ]),
  );
  files.push({ name: 'Creative brief.pdf', file: at('brief.pdf'), folderKey: 'campaigns' });
  return files;
}
