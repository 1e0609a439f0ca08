import path from 'node:path';
import sharp from 'sharp';
import { runTool } from './run-tool.js';

/**
 * Videos made from ffmpeg's test patterns: the demo workspace's sample media, and the
 * fixtures of tests, browser journeys and benchmarks. One place for the command.
 */
export interface SyntheticVideo {
  seconds: number;
  width: number;
  height: number;
  fps: number;
  pattern?: 'testsrc' | 'testsrc2';
  /** A sine tone of this frequency (Hz), pink noise, or no sound. */
  sound?: number | 'noise' | false;
  /** x264 preset (default veryfast). */
  preset?: string;
  /** Target video bit rate ('8M'); unset = x264's default quality. */
  bitrate?: string;
}

export function synthesizeVideo(ffmpeg: string, output: string, video: SyntheticVideo): Promise<string> {
  const {
    seconds,
    width,
    height,
    fps,
    pattern = 'testsrc2',
    sound = 440,
    preset = 'veryfast',
    bitrate,
  } = video;
  const audioSource =
    sound === false
      ? []
      : [
          '-f',
          'lavfi',
          '-i',
          sound === 'noise'
            ? 'anoisesrc=color=pink:amplitude=0.05:sample_rate=44100'
            : `sine=frequency=${sound}:sample_rate=44100`,
        ];
  return runTool(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${pattern}=size=${width}x${height}:rate=${fps}`,
    ...audioSource,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    preset,
    ...(bitrate ? ['-b:v', bitrate] : []),
    '-pix_fmt',
    'yuv420p',
    ...(sound === false ? [] : ['-c:a', 'aac', '-shortest']),
    '-f',
    'mp4',
    output,
  ]);
}

/** A sine tone as a WAV file. */
export function synthesizeTone(
  ffmpeg: string,
  output: string,
  seconds: number,
  frequency = 330,
): Promise<string> {
  return runTool(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=22050`,
    '-t',
    String(seconds),
    output,
  ]);
}

/** Centred lines of text on a gradient, the first one large (an ad's headline and offer). */
export async function textSlide(
  file: string,
  width: number,
  height: number,
  colors: [string, string],
  lines: string[],
) {
  const dark = colors[0].toLowerCase().startsWith('#f');
  // Bold DejaVu Sans is about 0.7 em per character: a line fits in 80 % of the width.
  const size = (index: number) =>
    Math.round(
      Math.min(height / (index === 0 ? 6 : 14), (width * 0.8) / (0.7 * (lines[index]?.length ?? 1))),
    );
  const text = lines
    .map(
      (line, index) =>
        `<text x="${width / 2}" y="${Math.round(height * (0.45 + index * 0.2))}" font-family="DejaVu Sans" font-weight="${index === 0 ? 700 : 400}" font-size="${size(index)}" fill="${dark ? (index === 0 ? '#111111' : '#c92a2a') : '#ffffff'}" text-anchor="middle">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${text}
</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

/**
 * A video of text overlays on a calm gradient, one line after another for `secondsEach` (the
 * AI analysis reads them with their times): slides drawn with textSlide in `workDir`, joined
 * by ffmpeg.
 */
export async function textOverlayVideo(
  ffmpeg: string,
  output: string,
  lines: string[],
  workDir: string,
  options: {
    width?: number;
    height?: number;
    /** Seconds each line shows: one for all, or one per line. */
    secondsEach?: number | number[];
    /** Each line's background gradient (default: the same calm blue for all). */
    gradients?: [string, string][];
  } = {},
): Promise<string> {
  const { width = 1280, height = 720, secondsEach = 2, gradients = [] } = options;
  const slides = lines.map((_, index) => path.join(workDir, `${path.basename(output)}-slide-${index}.png`));
  for (const [index, line] of lines.entries())
    await textSlide(slides[index]!, width, height, gradients[index] ?? ['#1864ab', '#4dabf7'], [line]);
  const seconds = (index: number) => (Array.isArray(secondsEach) ? secondsEach[index]! : secondsEach);
  await runTool(ffmpeg, [
    '-v',
    'error',
    '-y',
    ...slides.flatMap((slide, index) => ['-loop', '1', '-t', String(seconds(index)), '-i', slide]),
    '-filter_complex',
    `${slides.map((_, index) => `[${index}:v]`).join('')}concat=n=${slides.length}:v=1:a=0,format=yuv420p`,
    '-r',
    '25',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    output,
  ]);
  return output;
}
