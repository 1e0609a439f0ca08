/**
 * What a file really is, from its first bytes (magic numbers), so a renamed .exe or a PNG
 * named .jpg is refused whatever its extension says. Only the kinds the library accepts
 * (000 §3 media file groups and design files) and executables are recognised.
 */

export type SniffedKind =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'tiff'
  | 'svg'
  | 'isobmff' // ftyp box: mp4, mov, m4v, m4a, avif, heic (brand decides)
  | 'quicktime' // old QuickTime without ftyp
  | 'ebml' // mkv, webm
  | 'avi'
  | 'wav'
  | 'asf' // wmv
  | 'flv'
  | 'mpeg'
  | 'mp3'
  | 'aac'
  | 'flac'
  | 'ogg'
  | 'pdf'
  | 'ole' // doc, xls
  | 'zip' // docx, xlsx, sketch, fig
  | 'psd'
  | 'postscript'
  | 'eps-binary'
  | 'indd'
  | 'fig'
  | 'text'
  | 'executable'
  | 'unknown';

/** How many bytes sniffing reads. */
export const SNIFF_BYTES = 4100;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Buffer, text: string, offset = 0) =>
  bytes.length >= offset + text.length && bytes.toString('latin1', offset, offset + text.length) === text;

export interface Sniffed {
  kind: SniffedKind;
  /** The ftyp major brand of ISO media ('isom', 'qt  ', 'M4A ', 'avif', 'heic', …). */
  brand?: string;
}

export function sniff(bytes: Buffer): Sniffed {
  if (ascii(bytes, 'MZ') || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46]) || ascii(bytes, '#!'))
    return { kind: 'executable' };
  if (
    [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(
      bytes.length >= 4 ? bytes.readUInt32BE(0) : 0,
    )
  )
    return { kind: 'executable' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png' };
  if (ascii(bytes, 'GIF87a') || ascii(bytes, 'GIF89a')) return { kind: 'gif' };
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'WEBP', 8)) return { kind: 'webp' };
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'AVI ', 8)) return { kind: 'avi' };
  if (ascii(bytes, 'RIFF') && ascii(bytes, 'WAVE', 8)) return { kind: 'wav' };
  if (ascii(bytes, 'BM') && bytes.length > 14) return { kind: 'bmp' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return { kind: 'tiff' };
  if (ascii(bytes, 'ftyp', 4)) return { kind: 'isobmff', brand: bytes.toString('latin1', 8, 12) };
  if (['moov', 'mdat', 'wide', 'free', 'skip'].some((atom) => ascii(bytes, atom, 4)))
    return { kind: 'quicktime' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'ebml' };
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return { kind: 'asf' };
  if (ascii(bytes, 'FLV')) return { kind: 'flv' };
  if (startsWith(bytes, [0x00, 0x00, 0x01]) && bytes.length > 3 && (bytes[3]! & 0xf0) === 0xb0)
    return { kind: 'mpeg' };
  if (ascii(bytes, 'ID3')) return { kind: 'mp3' };
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xf6) === 0xf0) return { kind: 'aac' };
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return { kind: 'mp3' };
  if (ascii(bytes, 'fLaC')) return { kind: 'flac' };
  if (ascii(bytes, 'OggS')) return { kind: 'ogg' };
  if (ascii(bytes, '%PDF-')) return { kind: 'pdf' };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'ole' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return { kind: 'zip' };
  if (ascii(bytes, '8BPS')) return { kind: 'psd' };
  if (ascii(bytes, '%!PS')) return { kind: 'postscript' };
  if (startsWith(bytes, [0xc5, 0xd0, 0xd3, 0xc6])) return { kind: 'eps-binary' };
  if (startsWith(bytes, [0x06, 0x06, 0xed, 0xf5, 0xd8, 0x1d, 0x46, 0xe5])) return { kind: 'indd' };
  if (ascii(bytes, 'fig-kiwi')) return { kind: 'fig' };
  if (looksLikeText(bytes)) return { kind: isSvg(bytes) ? 'svg' : 'text' };
  return { kind: 'unknown' };
}

function looksLikeText(bytes: Buffer): boolean {
  if (bytes.length === 0) return true;
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  return control / bytes.length < 0.01;
}

function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4096)
    .toLowerCase();
  return (
    (head.startsWith('<?xml') ||
      head.startsWith('<svg') ||
      head.startsWith('<!--') ||
      head.startsWith('<!doctype svg')) &&
    head.includes('<svg')
  );
}

const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis'];
const AVIF_BRANDS = ['avif', 'avis'];

/** Whether the bytes are what the extension claims (ISO media brands checked loosely: players accept them all). */
export function contentMatchesExtension(sniffed: Sniffed, extension: string): boolean {
  const { kind, brand = '' } = sniffed;
  switch (extension) {
    case 'jpg':
    case 'jpeg':
      return kind === 'jpeg';
    case 'png':
      return kind === 'png';
    case 'gif':
      return kind === 'gif';
    case 'webp':
      return kind === 'webp';
    case 'bmp':
      return kind === 'bmp';
    case 'tiff':
      return kind === 'tiff';
    case 'svg':
      return kind === 'svg';
    case 'avif':
      return kind === 'isobmff' && AVIF_BRANDS.includes(brand);
    case 'heic':
      return kind === 'isobmff' && HEIF_BRANDS.includes(brand);
    case 'mp4':
    case 'm4v':
    case 'mov':
      return (
        (kind === 'isobmff' && !AVIF_BRANDS.includes(brand) && !HEIF_BRANDS.includes(brand)) ||
        kind === 'quicktime'
      );
    case 'm4a':
      return kind === 'isobmff';
    case 'mkv':
    case 'webm':
      return kind === 'ebml';
    case 'avi':
      return kind === 'avi';
    case 'wmv':
      return kind === 'asf';
    case 'flv':
      return kind === 'flv';
    case 'mpeg':
    case 'm2v':
      return kind === 'mpeg';
    case 'mp3':
      return kind === 'mp3';
    case 'aac':
      return kind === 'aac' || kind === 'isobmff';
    case 'wav':
      return kind === 'wav';
    case 'flac':
      return kind === 'flac';
    case 'ogg':
      return kind === 'ogg';
    case 'pdf':
      return kind === 'pdf';
    case 'doc':
    case 'xls':
      return kind === 'ole';
    case 'docx':
    case 'xlsx':
    case 'sketch':
      return kind === 'zip';
    case 'fig':
      return kind === 'fig' || kind === 'zip';
    case 'txt':
    case 'csv':
      return kind === 'text';
    case 'psd':
      return kind === 'psd';
    case 'ai':
      return kind === 'pdf' || kind === 'postscript';
    case 'eps':
      return kind === 'postscript' || kind === 'eps-binary';
    case 'indd':
      return kind === 'indd';
    default:
      return false;
  }
}
