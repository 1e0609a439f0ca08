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
