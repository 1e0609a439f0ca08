import {
  CACHE_MAX_AGE_ORIGINAL_DAYS,
  CACHE_MAX_AGE_VARIANT_DAYS,
  SHARE_LIMITS,
  sanitizeDownloadName,
} from '@hookline/contract';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { type StorageGrant, stableExpiry, type UrlSigner } from '../../platform/storage/signed-urls.js';

const DAY_SECONDS = 86_400;
/** Originals never change under their key (immutable); previews and variants may be remade. */
export const ORIGINAL_CACHE_CONTROL = `private, max-age=${CACHE_MAX_AGE_ORIGINAL_DAYS * DAY_SECONDS}, immutable`;
export const VARIANT_CACHE_CONTROL = `private, max-age=${CACHE_MAX_AGE_VARIANT_DAYS * DAY_SECONDS}`;
export const ORIGINAL_NAME = 'original';

/** Content-Disposition for a download: the seeds' sanitised name, plus the UTF-8 original. */
/**
 * Both forms of the name follow the seeds' rule (000 §5: anything but letters, digits,
 * underscore, hyphen and dot becomes '_'). Browsers prefer `filename*`, so it must not carry
 * the raw name: a right-to-left override could turn 'invoice\u202Egpj.exe' into what reads as a
 * picture.
 */
export function attachmentDisposition(name: string): string {
  const safe = sanitizeDownloadName(name);
  return `attachment; filename="${safe}"; filename*=UTF-8''${safe}`;
}

export const originalKey = (asset: Pick<AssetRow, 'storagePrefix'>) =>
  `${asset.storagePrefix}${ORIGINAL_NAME}`;

/**
 * Where a client's upload URLs write: never the original. Completion moves the bytes to the
 * original and checks them there, so a URL used again after completion changes nothing that
 * was checked, served or processed (security review: presigned re-PUT).
 */
export const uploadKey = (asset: Pick<AssetRow, 'storagePrefix'>) => `${asset.storagePrefix}${UPLOAD_NAME}`;
const UPLOAD_NAME = 'upload';

/**
 * Who the URLs are for when not a member: a share's visitor gets URLs that live 10 minutes
 * and name the share (refused once it is gone), and no original when downloads are off.
 */
export interface MediaViewer {
  shareId: string;
  downloadsAllowed: boolean;
}

export interface AssetMediaUrls {
  previewURL: string | null;
  url: string | null;
  transcodingUrls: Record<string, string> | null;
}

/**
 * The URLs an asset answers with (000 §3 previewURL, url, transcodingUrls): signed storage
 * URLs that stay the same all day, so browsers cache thumbnails between list loads.
 */
export class MediaUrls {
  constructor(private readonly signer: UrlSigner) {}

  forAsset(asset: AssetRow, viewer?: MediaViewer): AssetMediaUrls {
    const ready =
      asset.storagePrefix &&
      asset.uploadingState !== 'UPLOADING' &&
      asset.uploadingState !== 'FAILED_TO_UPLOAD' &&
      asset.uploadingState !== 'SKIPPED';
    if (!ready) return { previewURL: null, url: null, transcodingUrls: null };
    const exp = viewer ? Math.floor(Date.now() / 1000) + SHARE_LIMITS.mediaUrlMinutes * 60 : stableExpiry();
    const sh = viewer?.shareId;
    const variant = (name: string | undefined) =>
      name
        ? this.signer.url({
            op: 'get',
            key: `${asset.storagePrefix}${name}`,
            exp,
            cc: VARIANT_CACHE_CONTROL,
            ...(sh ? { sh } : {}),
          })
        : undefined;
    const variants = asset.variants ?? {};
    const transcodingUrls = Object.fromEntries(
      Object.entries({
        short: variant(variants.short),
        audio: variant(variants.audio),
        poster: variant(variants.poster),
        preview: variant(variants.preview),
        waveform: variant(variants.waveform),
      }).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return {
      previewURL: variant(variants.thumbnail) ?? null,
      url:
        viewer && !viewer.downloadsAllowed
          ? null
          : this.signer.url({ ...this.originalGrant(asset, exp), ...(sh ? { sh } : {}) }),
      transcodingUrls: Object.keys(transcodingUrls).length > 0 ? transcodingUrls : null,
    };
  }

  private originalGrant(asset: AssetRow, exp: number): StorageGrant {
    return {
      op: 'get',
      key: originalKey(asset),
      exp,
      ct: asset.contentType ?? undefined,
      cd: `inline; filename="${sanitizeDownloadName(asset.name)}"`,
      cc: ORIGINAL_CACHE_CONTROL,
    };
  }
}
