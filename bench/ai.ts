/**
 * Local AI analysis (issue 15 "Benchmark"): what the AI_MEDIA job does without a vision model,
 * run on the built server's own code (apps/server/dist), no HTTP, no database.
 *  1. Images per second for technical tags (dominant colours + technicalTags), tesseract OCR
 *     and Human's faces and objects, BENCH_AI_CONCURRENCY (2) images at a time, over
 *     BENCH_AI_IMAGES (100) generated 1600×900 headline PNGs plus the astronaut photo. Each
 *     image is analysed the way the job does it: its 1280 px webp preview (made first, as the
 *     upload processing would, and not timed) goes through Human, then the tags, then OCR.
 *     Human is started and warmed on the astronaut before the clock starts (its start is
 *     reported on its own row).
 *  2. This process's peak RSS meanwhile (Human's worker thread included; tesseract and
 *     ffmpeg run as child processes and are not counted).
 *  3. A 30 s video of text overlays (a line every 2 s): a frame every 2 s is extracted from
 *     its 480p short variant (as the job does) and read: extraction and OCR time per frame.
 *  4. Duplicate lookup (bench/lib/duplicate-lookup.ts): the upload's lookup query among
 *     BENCH_AI_FINGERPRINTS (100,000) image fingerprints of one brand in an in-memory PGlite,
 *     for near copies (3 bits changed) and unrelated pictures.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { dominantColours } from '../apps/server/dist/platform/ai/local/dominant-colours.js';
import { ocrAvailable, ocrImage } from '../apps/server/dist/platform/ai/local/ocr.js';
import { objectTag, PeopleDetector } from '../apps/server/dist/platform/ai/local/people.js';
import { technicalTags } from '../apps/server/dist/platform/ai/local/technical-tags.js';
import { resolveMediaBinaries } from '../apps/server/dist/platform/media/binaries.js';
import { MediaTools } from '../apps/server/dist/platform/media/media-tools.js';
import { textOverlayVideo } from '../apps/server/dist/platform/media/synthetic-media.js';
import { measureDuplicateLookup } from './lib/duplicate-lookup.js';
import { envInt } from './lib/env.js';
import { repoRoot } from './lib/paths.js';
import { round, summarize } from './lib/stats.js';
import type { Cell, Table } from './lib/table.js';
import { makeTempDir } from './lib/tempdir.js';
import type { Bench, BenchContext } from './lib/types.js';

const ASTRONAUT = path.join(repoRoot, 'apps', 'server', 'test', 'fixtures', 'astronaut.jpg');
const OCR_FRAME_STEP_S = 2;
const OCR_MAX_FRAMES = 60;
const VIDEO_SECONDS = 30;

const HEADLINE_WORDS = ['Spring', 'Summer', 'Autumn', 'Winter', 'Weekend', 'Flash', 'Holiday', 'Member'];
const HEADLINE_NOUNS = ['sale', 'deals', 'offer', 'savings', 'event'];
const OFFERS = [
  '50% off your first order',
  'Free delivery today',
  'Two for one on shoes',
  'Save 30 on jackets',
];
const BACKGROUNDS = ['#f5f5f4', '#e7f5ff', '#fff9db', '#ebfbee', '#f3f0ff'];

interface Sample {
  name: string;
  /** The original's size (what processing stores as metadata). */
  width: number;
  height: number;
  /** Its 1280 px webp preview: the picture the AI_MEDIA job looks at. */
  picture: string;
  /** Headline expected in the OCR text (none for the photo). */
  headline?: string;
}

interface Analysis {
  ms: number;
  peopleMs: number;
  tagsMs: number;
  ocrMs: number;
  faces: number;
  tags: string[];
  text: string;
}

/** The headline ad of ai-analysis.test.ts's AD_SVG, with the words and colours varied. */
function headlineSvg(index: number): { svg: string; headline: string } {
  const headline = `${HEADLINE_WORDS[index % HEADLINE_WORDS.length]} ${HEADLINE_NOUNS[Math.floor(index / HEADLINE_WORDS.length) % HEADLINE_NOUNS.length]}`;
  const offer = OFFERS[index % OFFERS.length]!;
  const background = BACKGROUNDS[index % BACKGROUNDS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
  <rect width="1600" height="900" fill="${background}"/>
  <text x="800" y="380" font-family="DejaVu Sans" font-weight="bold" font-size="160" fill="#111111" text-anchor="middle">${headline}</text>
  <text x="800" y="560" font-family="DejaVu Sans" font-size="64" fill="#b91c1c" text-anchor="middle">${offer}</text>
</svg>`;
  return { svg, headline };
}

const ms = (start: number) => performance.now() - start;
const secs = (value: number, digits = 2) => `${round(value / 1000, digits)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/** Runs `work` over `items`, `concurrency` at a time, in order of the list. */
async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}

export const ai: Bench = {
  name: 'ai',
  description:
    'local AI analysis: tags + OCR + Human images/s on 2 lanes, peak RSS, video keyframe OCR, duplicate lookup',
  async run(context: BenchContext) {
    const imageCount = envInt('BENCH_AI_IMAGES', 100);
    const concurrency = envInt('BENCH_AI_CONCURRENCY', 2);
    if (!(await ocrAvailable())) throw new Error('tesseract with English data is not installed');
    const binaries = resolveMediaBinaries({
      ffmpegPath: process.env.FFMPEG_PATH || undefined,
      ffprobePath: process.env.FFPROBE_PATH || undefined,
    });
    const tools = new MediaTools(binaries, 10_001 ** 2);
    const detector = new PeopleDetector();
    if (!detector.available()) throw new Error('@vladmandic/human is not installed');
    const work = await makeTempDir('ai');
    const rows: Cell[][] = [];
    const notes: string[] = [];
    try {
      // Inputs and their previews (processing's work, not timed).
      context.progress(`ai: generating ${imageCount} headline images and their previews`);
      const samples: Sample[] = [];
      const preview = async (original: string, name: string) => {
        const picture = path.join(work.path, `${name}-preview.webp`);
        await tools.imageThumbnails(original, {
          preview: picture,
          thumbnail: path.join(work.path, `${name}-thumb.webp`),
        });
        return picture;
      };
      for (let i = 0; i < imageCount; i++) {
        const { svg, headline } = headlineSvg(i);
        const file = path.join(work.path, `ad-${i}.png`);
        await sharp(Buffer.from(svg)).png().toFile(file);
        samples.push({
          name: `ad-${i}`,
          width: 1600,
          height: 900,
          picture: await preview(file, `ad-${i}`),
          headline,
        });
      }
      const astronautFile = path.join(work.path, 'astronaut.jpg');
      await copyFile(ASTRONAUT, astronautFile);
      const astronautInfo = await tools.imageInfo(astronautFile);
      const astronaut: Sample = {
        name: 'astronaut',
        width: astronautInfo.width,
        height: astronautInfo.height,
        picture: await preview(astronautFile, 'astronaut'),
      };
      samples.push(astronaut);

      // The AI_MEDIA job's local path for one image: Human, then the tags, then OCR.
      const analyse = async (sample: Sample): Promise<Analysis> => {
        const started = performance.now();
        const people = await detector.detect(sample.picture);
        const peopleMs = ms(started);
        const tagsStarted = performance.now();
        const colours = await dominantColours(sample.picture);
        const tags = [
          ...technicalTags({ type: 'IMAGE', width: sample.width, height: sample.height, colours }),
          ...people.objects.map(objectTag),
        ];
        const tagsMs = ms(tagsStarted);
        const ocrStarted = performance.now();
        const { text } = await ocrImage(sample.picture);
        const ocrMs = ms(ocrStarted);
        return { ms: ms(started), peopleMs, tagsMs, ocrMs, faces: people.faces.length, tags, text };
      };

      context.progress('ai: starting Human (first detection, on the astronaut)');
      const humanStarted = performance.now();
      const firstPeople = await detector.detect(astronaut.picture);
      const humanStartMs = ms(humanStarted);

      context.progress(`ai: analysing ${samples.length} images, ${concurrency} at a time`);
      const rssStart = process.memoryUsage.rss();
      let rssPeak = rssStart;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
      }, 50);
      const runStarted = performance.now();
      let analyses: Analysis[];
      try {
        analyses = await pool(samples, concurrency, analyse);
      } finally {
        clearInterval(sampler);
      }
      const runMs = ms(runStarted);
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
      const maxRss = process.resourceUsage().maxRSS * 1024;

      const perImage = summarize(analyses.map((a) => a.ms));
      const stage = (key: 'peopleMs' | 'tagsMs' | 'ocrMs') => summarize(analyses.map((a) => a[key]));
      const headlinesRead = samples.filter(
        (sample, i) =>
          sample.headline && analyses[i]!.text.toLowerCase().includes(sample.headline.toLowerCase()),
      ).length;
      const astronautResult = analyses.at(-1)!;
      const imagesPerSecond = samples.length / (runMs / 1000);

      rows.push(
        [
          'images per second (tags + OCR + Human)',
          round(imagesPerSecond, 2),
          `${samples.length} images (${imageCount} headlines + astronaut) in ${secs(runMs, 1)}, ${concurrency} at a time`,
        ],
        [
          'per image, median (max)',
          `${secs(perImage.median)} (${secs(perImage.max)})`,
          `Human ${secs(stage('peopleMs').median)} (queued: one worker), tags ${secs(stage('tagsMs').median)}, OCR ${secs(stage('ocrMs').median)} — medians`,
        ],
        [
          'headlines read by OCR',
          `${headlinesRead}/${imageCount}`,
          `astronaut: ${astronautResult.faces} face(s), tags ${astronautResult.tags.join(', ')}`,
        ],
        [
          'Human start + first detection',
          secs(humanStartMs),
          `once per process, before the clock (${firstPeople.faces.length} face(s))`,
        ],
        [
          'peak RSS (this process)',
          mb(Math.max(rssPeak, maxRss)),
          `${mb(rssStart)} with Human loaded before the run; its worker thread included, tesseract and ffmpeg children not`,
        ],
      );

      // A 30 s video, a line of text every 2 s; the job reads its 480p short variant.
      context.progress(`ai: making a ${VIDEO_SECONDS} s text-overlay video and its 480p variant`);
      const lines = Array.from({ length: VIDEO_SECONDS / 2 }, (_, i) => headlineSvg(i * 3).headline);
      const original = path.join(work.path, 'overlays.mp4');
      await textOverlayVideo(binaries.ffmpeg, original, lines, work.path, { secondsEach: 2 });
      const short = path.join(work.path, 'short.mp4');
      await tools.transcodeVideo(original, { short }, { hasAudio: false });
      const durationS = (await tools.probe(short)).duration ?? VIDEO_SECONDS;
      const count = Math.min(OCR_MAX_FRAMES, Math.max(1, Math.ceil(durationS / OCR_FRAME_STEP_S)));
      const step = durationS / count;
      const extractMs: number[] = [];
      const frameOcrMs: number[] = [];
      let framesRead = 0;
      context.progress(`ai: ${count} keyframes: extract and read`);
      const videoStarted = performance.now();
      for (let i = 0; i < count; i++) {
        const frame = path.join(work.path, `frame-${i}.png`);
        let started = performance.now();
        await tools.rasterize(short, frame, { atSeconds: (i + 0.5) * step });
        extractMs.push(ms(started));
        started = performance.now();
        const { text } = await ocrImage(frame);
        frameOcrMs.push(ms(started));
        if (text.toLowerCase().includes(lines[i]!.toLowerCase())) framesRead++;
      }
      const videoMs = ms(videoStarted);
      const extract = summarize(extractMs);
      const frameOcr = summarize(frameOcrMs);
      rows.push(
        [
          `${round(durationS)} s video: keyframes extracted`,
          `${count} in ${secs(extract.mean * extract.runs)}`,
          `${secs(extract.median)} per frame (median), ffmpeg seek on the 480p short variant`,
        ],
        [
          `${round(durationS)} s video: OCR per keyframe`,
          `${secs(frameOcr.median)} median`,
          `${secs(frameOcr.min)}–${secs(frameOcr.max)}; whole video ${secs(videoMs, 1)} one frame after another; ${framesRead}/${count} lines read`,
        ],
      );
      const duplicates = await measureDuplicateLookup(envInt('BENCH_AI_FINGERPRINTS', 100_000), 100);
      const fingerprints = duplicates.fingerprints.toLocaleString('en');
      rows.push(
        [
          `duplicate lookup among ${fingerprints} fingerprints: near copy`,
          `${round(duplicates.alike.median, 1)} ms median`,
          `max ${round(duplicates.alike.max, 1)} ms; ${duplicates.alikeFound}/${duplicates.probes} found (3 of 64 bits changed); PGlite, GIN-indexed hash bands`,
        ],
        [
          `duplicate lookup among ${fingerprints} fingerprints: unrelated`,
          `${round(duplicates.unrelated.median, 1)} ms median`,
          `max ${round(duplicates.unrelated.max, 1)} ms; ${duplicates.unrelatedCandidates} false matches in ${duplicates.probes}; ${secs(duplicates.insertMs, 1)} to store them`,
        ],
      );

      notes.push(
        'images: the 1280 px webp preview of each is analysed, as the AI_MEDIA job does; Human serves one detection at a time (one worker per process), so the two lanes overlap only its tags and OCR',
        'the machine may be busy with other work: compare runs on an idle machine',
      );
      const table: Table = { columns: ['measure', 'value', 'detail'], rows };
      const summary = `${round(imagesPerSecond, 2)} images/s (tags + OCR + Human, ${concurrency} lanes), peak RSS ${mb(Math.max(rssPeak, maxRss))}, ${count} keyframes of a ${round(durationS)} s video extracted in ${secs(extract.mean * extract.runs, 1)} and read in ${secs(frameOcr.median)} each (median); duplicate lookup among ${fingerprints} fingerprints ${round(duplicates.alike.median, 1)} ms (median)`;
      return {
        table,
        summary,
        notes,
        data: {
          imageCount,
          concurrency,
          runMs,
          imagesPerSecond,
          perImage,
          stages: { people: stage('peopleMs'), tags: stage('tagsMs'), ocr: stage('ocrMs') },
          headlinesRead,
          astronaut: { faces: astronautResult.faces, tags: astronautResult.tags },
          humanStartMs,
          rss: { start: rssStart, peakSampled: rssPeak, maxRss },
          video: { durationS, frames: count, extractMs, ocrMs: frameOcrMs, videoMs, framesRead },
          duplicates,
        },
      };
    } finally {
      await detector.close();
      await work.remove();
    }
  },
};
