import type { AssetType } from './library-constants.js';
import { EXECUTABLE_EXTENSIONS, FILE_NAME_MAX_LENGTH, UPLOAD_LIMITS } from './limits.js';
import { interpolate } from './messages.js';

/**
 * Uploads (000 §3 "Upload entities" and media file groups, §4 "Upload", §5 upload rules,
 * §7 batch create / complete-upload / upload URL). Client and server run the same checks;
 * the server is the authority and also sniffs the bytes and probes the media.
 *
 * No zod here: the web client's first load imports these checks (uploads.ts holds the schemas).
 */

/** Media file groups the library recognises (000 §3), by extension. */
export const FILE_GROUPS = {
  image: ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif', 'svg', 'bmp', 'tiff', 'heic'],
  video: ['avi', 'mkv', 'mov', 'mp4', 'webm', 'wmv', 'flv', 'mpeg', 'm4v', 'm2v'],
  audio: ['mp3', 'wav', 'aac', 'flac', 'm4a', 'ogg'],
  document: ['pdf', 'doc', 'docx', 'txt', 'xls', 'xlsx', 'csv'],
} as const;
/** Design files are kept as OTHER (the decision: accepted, downloadable, no preview). */
export const DESIGN_EXTENSIONS = ['psd', 'ai', 'sketch', 'fig', 'eps', 'indd'] as const;
/** Files a folder upload never sends (operating-system junk); dot-files are skipped too. */
export const JUNK_FILE_NAMES = ['thumbs.db', 'desktop.ini', 'icon\r'] as const;

/** The extension, lower case, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The asset type a file name maps to, or null when the library does not take it. */
export function assetTypeOfFileName(name: string): Exclude<AssetType, 'FOLDER'> | null {
  const extension = fileExtension(name);
  if (!extension) return null;
  if (extension === 'gif') return 'ANIMATION';
  if ((FILE_GROUPS.image as readonly string[]).includes(extension)) return 'IMAGE';
  if ((FILE_GROUPS.video as readonly string[]).includes(extension)) return 'VIDEO';
  if ((FILE_GROUPS.audio as readonly string[]).includes(extension)) return 'AUDIO';
  if ((FILE_GROUPS.document as readonly string[]).includes(extension)) return 'DOCUMENT';
  if ((DESIGN_EXTENSIONS as readonly string[]).includes(extension)) return 'OTHER';
  return null;
}

/** Every extension the uploader accepts, for file inputs (`accept`) and drop filtering. */
export const ACCEPTED_EXTENSIONS: readonly string[] = [
  ...FILE_GROUPS.image,
  ...FILE_GROUPS.video,
  ...FILE_GROUPS.audio,
  ...FILE_GROUPS.document,
  ...DESIGN_EXTENSIONS,
];

export const uploadMessages = {
  unsupported: 'Unsupported file type: .{extension}',
  noExtension: 'The file name needs an extension such as .jpg or .mp4',
  executable: 'Executable files cannot be uploaded',
  nameTooLong: 'File names can be at most 255 characters',
  dotFile: 'Files whose names start with a dot are skipped',
  invalidName: 'File names cannot contain control or text-direction characters',
  imageTooLarge: 'Images can be at most {limit}',
  videoTooLarge: 'Videos can be at most {limit}',
  fileTooLarge: 'Files can be at most {limit}',
  imageTooWide: 'Images can be at most {limit} px on their longer side',
  videoTooLong: 'Videos can be at most {limit} long',
  videoTooShort: 'Videos must be at least {limit} long',
  contentMismatch: "The file's content is not a .{extension} file",
  corrupted: 'The file could not be read; it may be damaged',
  pixelFlood: 'The image is too large to process',
  sizeMismatch: 'The uploaded file is not the size that was announced',
  missingParts: 'Some parts of the file did not arrive; please try again',
  notUploading: 'This file is not waiting for an upload',
  retriesExhausted: 'This file cannot be retried any more',
  /** The seeds' small-upload limit (000 §8). */
  smallFileTooLarge: 'File is too large, please try anything under 2MB',
  // Client toasts (000 §4 "Upload toasts", §8 "Upload summaries").
  progressTitle: 'Uploading {count} files',
  progressTitleOne: 'Uploading 1 file',
  creatingFolders: 'Creating folders…',
  successTitle: 'Upload complete',
  successText: '{count} files uploaded',
  successTextOne: '1 file uploaded',
  partialTitle: 'Some files were not uploaded',
  partialText: '{uploaded} uploaded, {failed} failed, {skipped} skipped',
  skippedTitle: 'Nothing was uploaded',
  skippedText: 'Unsupported file type: {count} files skipped',
  failedTitle: 'Upload failed',
  failedText: 'We could not upload your files. Please try again.',
  labelUnsupported: 'unsupported type',
  labelTooLarge: 'too large',
  /** The seeds' 'invalidFileType' warning. */
  invalidFileType: 'These files cannot be uploaded',
  invalidFileTypeText:
    'None of these files can be uploaded. Supported: images, videos, audio, documents and design files.',
  tryAgain: 'Try again',
  unsupportedFormat: 'Unsupported format',
  cancel: 'Cancel',
  cancelled: 'Upload cancelled',
} as const;

/** Why a file is refused before its bytes are sent. */
export type UploadRefusal = 'unsupported' | 'tooLarge' | 'nameTooLong' | 'dotFile' | 'invalidName';

export interface UploadLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
  otherMaxBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  imageMaxBytes: UPLOAD_LIMITS.imageMaxBytes,
  videoMaxBytes: UPLOAD_LIMITS.videoMaxBytes,
  otherMaxBytes: UPLOAD_LIMITS.videoMaxBytes,
};

export type UploadCheck =
  | { ok: true; type: Exclude<AssetType, 'FOLDER'> }
  | { ok: false; reason: UploadRefusal; message: string };

/** Human size for limits in messages: 10 MB, 1 GB (steps of 1024, 000 §9). */
export function formatLimitBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

export function formatLimitSeconds(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** Control characters, and the characters that reorder how a name is shown (bidi controls). */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** The checks a file passes before upload: name, extension group, executables, size. */
export function checkUploadFile(
  file: { name: string; size: number },
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): UploadCheck {
  const name = file.name;
  if (name.startsWith('.')) return { ok: false, reason: 'dotFile', message: uploadMessages.dotFile };
  // Control characters and bidi overrides ('evil\u202Egnp.exe' showing as 'evilexe.png') never enter a name.
  if (UNSAFE_NAME_CHARACTERS.test(name))
    return { ok: false, reason: 'invalidName', message: uploadMessages.invalidName };
  if (name.length > FILE_NAME_MAX_LENGTH)
    return { ok: false, reason: 'nameTooLong', message: uploadMessages.nameTooLong };
  const extension = fileExtension(name);
  if (!extension) return { ok: false, reason: 'unsupported', message: uploadMessages.noExtension };
  if ((EXECUTABLE_EXTENSIONS as readonly string[]).includes(extension))
    return { ok: false, reason: 'unsupported', message: uploadMessages.executable };
  const type = assetTypeOfFileName(name);
  if (!type)
    return {
      ok: false,
      reason: 'unsupported',
      message: interpolate(uploadMessages.unsupported, { extension }),
    };
  const [limit, message] =
    type === 'IMAGE' || type === 'ANIMATION'
      ? [limits.imageMaxBytes, uploadMessages.imageTooLarge]
      : type === 'VIDEO'
        ? [limits.videoMaxBytes, uploadMessages.videoTooLarge]
        : [limits.otherMaxBytes, uploadMessages.fileTooLarge];
  if (file.size > limit)
    return {
      ok: false,
      reason: 'tooLarge',
      message: interpolate(message, { limit: formatLimitBytes(limit) }),
    };
  return { ok: true, type };
}

/** Junk a folder upload leaves out silently (000 §4 "Junk files are skipped"). */
export function isJunkFile(name: string): boolean {
  return name.startsWith('.') || (JUNK_FILE_NAMES as readonly string[]).includes(name.toLowerCase());
}

/** Download file names: characters outside letters, digits, underscore, hyphen and dot become underscores (000 §5). */
export function sanitizeDownloadName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** PUT /assets/{id}/content: the new text of a txt or csv document. */
export const EDITABLE_DOCUMENT_EXTENSIONS = ['txt', 'csv'] as const;

export const zipStatuses = ['pending', 'running', 'success', 'failed', 'cancelled'] as const;
export type ZipStatus = (typeof zipStatuses)[number];

/** POST /upload/url: what a small single upload is for. */
export const smallUploadPurposes = ['brandLogo', 'profileImage'] as const;
