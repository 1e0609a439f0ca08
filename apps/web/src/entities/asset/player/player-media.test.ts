import { describe, expect, it } from 'vitest';
import {
  documentFormat,
  formatPlaybackTime,
  imageSource,
  isTooLargeToEdit,
  mediaInfoRows,
  type PlayableAsset,
  stageKind,
  utf8Bytes,
} from './player-media';

const asset = (overrides: Partial<PlayableAsset>): PlayableAsset => ({
  name: 'file',
  type: 'IMAGE',
  size: 10,
  url: '/o',
  previewURL: '/t',
  transcodingUrls: null,
  contentType: null,
  uploadingState: 'UPLOADED',
  ...overrides,
});

describe('stageKind', () => {
  it('shows the upload state before the media', () => {
    expect(stageKind(asset({ uploadingState: 'UPLOADING' }))).toBe('uploading');
    expect(stageKind(asset({ uploadingState: 'UPLOADED_GENERATING_THUMBNAIL' }))).toBe('processing');
    expect(stageKind(asset({ uploadingState: 'FAILED_TO_UPLOAD' }))).toBe('failed');
    expect(stageKind(asset({ uploadingState: 'UPLOADED_WITHOUT_THUMBNAIL', type: 'VIDEO' }))).toBe('video');
  });

  it('picks documents by extension, or by content type when the name has none', () => {
    expect(stageKind(asset({ type: 'DOCUMENT', name: 'a.PDF' }))).toBe('pdf');
    expect(stageKind(asset({ type: 'DOCUMENT', name: 'a.csv' }))).toBe('csv');
    expect(stageKind(asset({ type: 'DOCUMENT', name: 'a.txt' }))).toBe('text');
    expect(stageKind(asset({ type: 'DOCUMENT', name: 'a.xlsx' }))).toBe('unsupported');
    expect(documentFormat({ name: 'export', contentType: 'text/csv; charset=utf-8' })).toBe('csv');
    expect(stageKind(asset({ type: 'OTHER', name: 'a.psd' }))).toBe('unsupported');
  });
});

describe('imageSource', () => {
  it('prefers the preview for stills and the original for GIFs', () => {
    expect(imageSource(asset({ transcodingUrls: { preview: '/p' } }))).toBe('/p');
    expect(imageSource(asset({ name: 'a.gif', transcodingUrls: { preview: '/p' } }))).toBe('/o');
    expect(imageSource(asset({ url: null, transcodingUrls: null }))).toBe('/t');
  });
});

describe('formatting', () => {
  it('formats playback time as m:ss with hours when needed', () => {
    expect(formatPlaybackTime(5)).toBe('0:05');
    expect(formatPlaybackTime(65.4)).toBe('1:05');
    expect(formatPlaybackTime(3725)).toBe('1:02:05');
  });

  it('measures the 1.2 MB limit in bytes of UTF-8', () => {
    expect(isTooLargeToEdit(1.2 * 1024 * 1024)).toBe(false);
    expect(isTooLargeToEdit(1.2 * 1024 * 1024 + 1)).toBe(true);
    expect(utf8Bytes('é€')).toBe(5);
  });

  it('lists only the metadata that is present; duration falls back to the length', () => {
    expect(mediaInfoRows(null, null)).toEqual([]);
    expect(mediaInfoRows({ width: 800 }, 12)).toEqual([['Duration', '0:12']]);
    expect(mediaInfoRows({ bitRate: 128_400, audioCodec: 'mp3' }, null)).toEqual([
      ['Audio codec', 'MP3'],
      ['Bit rate', '128 kbps'],
    ]);
  });
});
