import {
  EDITABLE_DOCUMENT_EXTENSIONS,
  EDITABLE_DOCUMENT_MAX_BYTES,
  fileExtension,
  interpolate,
  type MediaMetadata,
} from '@hookline/contract';
import { playerTexts } from '@/config/texts/player';

/**
 * What the player's stage shows for an asset, and which of its files it uses. The server
 * sends the original (`url`) and its derived files (`transcodingUrls`): `short` (480p h264
 * mp4), `audio` (m4a), `poster` (video frame), `preview` (1280 px webp of an image or of a
 * PDF's first page) and `waveform` (audio).
 */
export interface PlayableAsset {
  name: string;
  type: string;
  size: number;
  url: string | null;
  previewURL: string | null;
  transcodingUrls: Record<string, string> | null;
  contentType: string | null;
  uploadingState: string | null;
}

export type StageKind =
  | 'uploading'
  | 'processing'
  | 'failed'
  | 'skipped'
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'text'
  | 'csv'
  | 'unsupported';

export type DocumentFormat = 'pdf' | 'text' | 'csv' | 'other';

export function documentFormat(asset: Pick<PlayableAsset, 'name' | 'contentType'>): DocumentFormat {
  const extension = fileExtension(asset.name);
  const contentType = asset.contentType?.split(';')[0]?.trim().toLowerCase();
  if (extension === 'pdf' || (!extension && contentType === 'application/pdf')) return 'pdf';
  if (extension === 'csv' || (!extension && contentType === 'text/csv')) return 'csv';
  if (extension === 'txt' || (!extension && contentType === 'text/plain')) return 'text';
  return 'other';
}

export function stageKind(asset: PlayableAsset): StageKind {
  switch (asset.uploadingState) {
    case 'UPLOADING':
      return 'uploading';
    case 'UPLOADED_GENERATING_THUMBNAIL':
      return 'processing';
    case 'FAILED_TO_UPLOAD':
      return 'failed';
    case 'SKIPPED':
      return 'skipped';
  }
  switch (asset.type) {
    case 'IMAGE':
    case 'ANIMATION':
      return 'image';
    case 'VIDEO':
      return 'video';
    case 'AUDIO':
      return 'audio';
    case 'DOCUMENT': {
      const format = documentFormat(asset);
      return format === 'other' ? 'unsupported' : format;
    }
    default:
      return 'unsupported';
  }
}

function isAnimated(asset: PlayableAsset): boolean {
  return (
    asset.type === 'ANIMATION' ||
    fileExtension(asset.name) === 'gif' ||
    asset.contentType?.toLowerCase().startsWith('image/gif') === true
  );
}

/** Images show the 1280 px preview; animations (GIFs) show the original so that they move. */
export function imageSource(asset: PlayableAsset): string | null {
  const preview = asset.transcodingUrls?.preview;
  if (isAnimated(asset)) return asset.url ?? preview ?? asset.previewURL;
  return preview ?? asset.url ?? asset.previewURL;
}

/** Videos play the 480p h264 copy (plays everywhere, starts fast), else the original. */
export function videoSources(asset: PlayableAsset): { src: string | null; poster: string | undefined } {
  return {
    src: asset.transcodingUrls?.short ?? asset.url,
    poster: asset.transcodingUrls?.poster ?? asset.previewURL ?? undefined,
  };
}

export function audioSources(asset: PlayableAsset): { src: string | null; waveform: string | null } {
  return {
    src: asset.url ?? asset.transcodingUrls?.audio ?? null,
    waveform: asset.transcodingUrls?.waveform ?? null,
  };
}

/** txt and csv documents up to 1.2 MB can be previewed and edited here (000 §9 "Document editing"). */
export function isEditableDocument(asset: Pick<PlayableAsset, 'name'>): boolean {
  return (EDITABLE_DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(asset.name));
}

export function isTooLargeToEdit(size: number): boolean {
  return size > EDITABLE_DOCUMENT_MAX_BYTES;
}

/** The size of a text once saved as UTF-8. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

// ── the info tab ─────────────────────────────────────────────────────────

const t = playerTexts.player.info;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Playback time as m:ss, with hours when there are any: 5 → '0:05', 65 → '1:05', 3725 → '1:02:05'. */
export function formatPlaybackTime(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '';
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(sec)}` : `${m}:${pad2(sec)}`;
}

const decimals = (value: number, digits: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);

const present = (value: number | undefined | null): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * What probing found, as label / value pairs for the info tab: dimensions, duration, codecs,
 * frame rate, bit rate (kbps) and pages, each only when known.
 */
export function mediaInfoRows(
  metadata: MediaMetadata | null,
  length: number | null,
): Array<[label: string, value: string]> {
  const m = metadata ?? {};
  const rows: Array<[string, string]> = [];
  if (present(m.width) && present(m.height))
    rows.push([t.dimensions, interpolate(t.pixels, { width: m.width, height: m.height })]);
  const duration = present(m.duration) ? m.duration : present(length) ? length : undefined;
  if (duration !== undefined) rows.push([t.duration, formatPlaybackTime(duration)]);
  if (m.videoCodec) rows.push([t.videoCodec, m.videoCodec.toUpperCase()]);
  if (m.audioCodec) rows.push([t.audioCodec, m.audioCodec.toUpperCase()]);
  if (present(m.frameRate)) rows.push([t.frameRate, interpolate(t.fps, { value: decimals(m.frameRate, 2) })]);
  if (present(m.bitRate))
    rows.push([t.bitRate, interpolate(t.kbps, { value: decimals(Math.round(m.bitRate / 1000), 0) })]);
  if (present(m.pages)) rows.push([t.pages, String(m.pages)]);
  return rows;
}
