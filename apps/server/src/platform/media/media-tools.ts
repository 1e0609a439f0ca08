import type { MediaMetadata } from '@hookline/contract';
import sharp from 'sharp';
import type { MediaBinaries } from './binaries.js';
import { renderPdfFirstPage } from './pdf-render.js';
import { runTool } from './run-tool.js';

/**
 * The demuxers user files may be read with: the containers of the library's video, audio and
 * image types (contract FILE_GROUPS). Playlists (hls), concat lists, subfile and the other
 * demuxers that open further files or URLs named inside the file are not among them.
 */
const ALLOWED_DEMUXERS = [
  'mov,mp4,m4a,3gp,3g2,mj2',
  'matroska,webm',
  'avi',
  'asf',
  'flv',
  'mpeg',
  'mpegts',
  'mpegvideo',
  'mp3',
  'wav',
  'aac',
  'flac',
  'ogg',
  'gif',
  'image2',
  'bmp_pipe',
  'jpeg_pipe',
  'png_pipe',
  'tiff_pipe',
  'webp_pipe',
].join(',');

/**
 * Input options of every ffmpeg and ffprobe run on user files: local files only (no http,
 * tcp or other protocols a crafted container could name) and only the demuxers above, so a
 * file that is really a playlist or a concat list is refused instead of followed. Inputs are
 * always paths the server built inside its storage or scratch folder.
 */
const SAFE_INPUT = ['-protocol_whitelist', 'file', '-format_whitelist', ALLOWED_DEMUXERS] as const;
/** Thumbnail sizes (longer side, px): grid cards and the player's image preview. */
export const THUMBNAIL_SIZE = 320;
export const PREVIEW_SIZE = 1280;
/** The player's video variant (000 §3 "a short 480 h264 variant"). */
export const SHORT_VARIANT_HEIGHT = 480;

const PROBE_TIMEOUT_MS = 30_000;

export interface ProbeResult extends MediaMetadata {
  hasVideo: boolean;
  hasAudio: boolean;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

/**
 * ffmpeg, ffprobe and sharp behind the few operations processing needs. Every call takes
 * file paths (local storage hands its own paths; S3 objects are fetched to a temp file).
 */
export class MediaTools {
  constructor(
    readonly binaries: MediaBinaries,
    private readonly maxInputPixels: number,
  ) {}

  async probe(file: string, signal?: AbortSignal): Promise<ProbeResult> {
    const json = await runTool(
      this.binaries.ffprobe,
      ['-v', 'error', ...SAFE_INPUT, '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal, timeoutMs: PROBE_TIMEOUT_MS },
    );
    const parsed = JSON.parse(json) as {
      streams?: FfprobeStream[];
      format?: { duration?: string; bit_rate?: string; format_name?: string };
    };
    const streams = parsed.streams ?? [];
    // Cover art in audio files is a "video" stream with attached_pic: not a video.
    const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
    const audio = streams.find((s) => s.codec_type === 'audio');
    const duration = Number(parsed.format?.duration ?? video?.duration ?? audio?.duration);
    const rotation = Math.abs(
      Number(
        video?.tags?.rotate ?? video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0,
      ),
    );
    const swap = rotation === 90 || rotation === 270;
    const result: ProbeResult = { hasVideo: Boolean(video), hasAudio: Boolean(audio) };
    if (Number.isFinite(duration) && duration > 0) result.duration = Math.round(duration * 1000) / 1000;
    if (video?.width && video.height) {
      result.width = swap ? video.height : video.width;
      result.height = swap ? video.width : video.height;
    }
    if (video?.codec_name) result.videoCodec = video.codec_name;
    if (audio?.codec_name) result.audioCodec = audio.codec_name;
    const fps = frameRate(video?.avg_frame_rate);
    if (fps) result.frameRate = fps;
    const bitRate = Number(parsed.format?.bit_rate);
    if (Number.isFinite(bitRate) && bitRate > 0) result.bitRate = bitRate;
    if (parsed.format?.format_name) result.format = parsed.format.format_name;
    return result;
  }

  /** Image header only (no decode): dimensions and format, for the size rules. */
  async imageInfo(file: string): Promise<{ width: number; height: number; format: string; pages: number }> {
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    // EXIF orientations 5–8 are rotated by 90°: the picture's real width is the stored height.
    const swap = (meta.orientation ?? 1) >= 5;
    return {
      width: (swap ? meta.height : meta.width) ?? 0,
      height: (swap ? meta.width : meta.height) ?? 0,
      format: meta.format ?? 'unknown',
      pages: meta.pages ?? 1,
    };
  }

  /** Grid thumbnail and player preview (webp), upright, never enlarged. */
  async imageThumbnails(input: string | Buffer, out: { thumbnail: string; preview: string }): Promise<void> {
    const open = () =>
      sharp(input, { limitInputPixels: this.maxInputPixels, failOn: 'error', animated: false }).rotate();
    await Promise.all([
      open()
        .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(out.preview),
      open()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(out.thumbnail),
    ]);
  }

  /** Any picture ffmpeg can decode (BMP, HEIC, a video frame) as a PNG sharp can read. */
  async rasterize(input: string, output: string, options: { atSeconds?: number; signal?: AbortSignal } = {}) {
    await runTool(
      this.binaries.ffmpeg,
      [
        '-v',
        'error',
        '-y',
        ...(options.atSeconds ? ['-ss', options.atSeconds.toFixed(3)] : []),
        ...SAFE_INPUT,
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        `scale='min(${PREVIEW_SIZE},iw)':-2`,
        output,
      ],
      { signal: options.signal, timeoutMs: 60_000 },
    );
  }

  /**
   * The times (s) where a video's picture changes a lot: ffmpeg's scene score above
   * `threshold` (0–1), measured on a 160 px wide copy to stay quick (a 6 s clip: 60 ms).
   * The score's scale differs between ffmpeg versions: a cut from a red slide to a blue one
   * scores 0.13 with Debian's ffmpeg 5.1 and 1.0 with the npm-shipped build, hence 0.1.
   */
  async sceneChanges(
    input: string,
    options: { threshold?: number; signal?: AbortSignal | undefined } = {},
  ): Promise<number[]> {
    const threshold = options.threshold ?? 0.1;
    const out = await runTool(
      this.binaries.ffmpeg,
      [
        '-v',
        'error',
        ...SAFE_INPUT,
        '-i',
        input,
        '-an',
        '-vf',
        `scale=160:-2,select='gt(scene\\,${threshold})',metadata=print:file=-`,
        '-f',
        'null',
        '-',
      ],
      { signal: options.signal, timeoutMs: 10 * 60_000 },
    );
    return [...out.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1])).filter(Number.isFinite);
  }

  /**
   * The player's 480p h264 MP4 (fast start, for streaming) and, when the video has sound,
   * an AAC audio track: one ffmpeg run, the input decoded once.
   */
  async transcodeVideo(
    input: string,
    out: { short: string; audio?: string | undefined },
    options: { hasAudio: boolean; signal?: AbortSignal | undefined },
  ): Promise<void> {
    const args = ['-v', 'error', '-y', ...SAFE_INPUT, '-i', input];
    args.push(
      '-map',
      '0:v:0',
      ...(options.hasAudio ? ['-map', '0:a:0'] : []),
      '-vf',
      `scale=-2:'min(${SHORT_VARIANT_HEIGHT},ih)':flags=bicubic,format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '26',
      '-profile:v',
      'main',
      ...(options.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
      '-movflags',
      '+faststart',
      out.short,
    );
    if (options.hasAudio && out.audio) {
      args.push(
        '-map',
        '0:a:0',
        '-vn',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        out.audio,
      );
    }
    await runTool(this.binaries.ffmpeg, args, { signal: options.signal, timeoutMs: 60 * 60_000 });
  }

  /**
   * A file's sound as speech servers want it (design/ai.md §4.2 d): mono 16 kHz MP3 at
   * 32 kbit/s, so the 60 minutes a transcript may cover stay under 20 MB (one request).
   */
  async speechAudio(input: string, output: string, signal?: AbortSignal): Promise<void> {
    await runTool(
      this.binaries.ffmpeg,
      [
        '-v',
        'error',
        '-y',
        ...SAFE_INPUT,
        '-i',
        input,
        '-vn',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-b:a',
        '32k',
        output,
      ],
      { signal, timeoutMs: 30 * 60_000 },
    );
  }

  /** The first page of a PDF as a PNG, and how many pages it has. */
  pdfFirstPage(input: string, output: string): Promise<{ pages: number }> {
    return renderPdfFirstPage(input, output, { width: PREVIEW_SIZE });
  }

  /** A waveform picture of an audio file (PNG). */
  async waveform(input: string, output: string, signal?: AbortSignal): Promise<void> {
    await runTool(
      this.binaries.ffmpeg,
      [
        '-v',
        'error',
        '-y',
        ...SAFE_INPUT,
        '-i',
        input,
        '-filter_complex',
        'aformat=channel_layouts=mono,showwavespic=s=1280x320:colors=0x4c6ef5',
        '-frames:v',
        '1',
        output,
      ],
      { signal, timeoutMs: 10 * 60_000 },
    );
  }

  /** An animated GIF of [start, end) seconds at fps frames a second, looping or not. */
  async gif(
    input: string,
    output: string,
    options: { start: number; end: number; fps: number; loop: boolean; width: number; signal?: AbortSignal },
  ): Promise<void> {
    await runTool(
      this.binaries.ffmpeg,
      [
        '-v',
        'error',
        '-y',
        '-ss',
        options.start.toFixed(3),
        '-t',
        (options.end - options.start).toFixed(3),
        ...SAFE_INPUT,
        '-i',
        input,
        '-filter_complex',
        `fps=${options.fps},scale='min(${options.width},iw)':-2:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4`,
        '-loop',
        options.loop ? '0' : '-1',
        output,
      ],
      { signal: options.signal, timeoutMs: 10 * 60_000 },
    );
  }

  /** [start, end) seconds of a video as a new h264 MP4 (re-encoded, so the cut is exact). */
  async clip(
    input: string,
    output: string,
    options: { start: number; end: number; hasAudio: boolean; signal?: AbortSignal },
  ): Promise<void> {
    await runTool(
      this.binaries.ffmpeg,
      [
        '-v',
        'error',
        '-y',
        '-ss',
        options.start.toFixed(3),
        ...SAFE_INPUT,
        '-i',
        input,
        '-t',
        (options.end - options.start).toFixed(3),
        '-map',
        '0:v:0',
        ...(options.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k'] : []),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '20',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        output,
      ],
      { signal: options.signal, timeoutMs: 30 * 60_000 },
    );
  }
}

function frameRate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const [num, den] = value.split('/').map(Number);
  if (!num || !den) return undefined;
  return Math.round((num / den) * 100) / 100;
}
