import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  fileExtension,
  formatLimitSeconds,
  interpolate,
  type MediaMetadata,
  uploadMessages,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { AssetRow, AssetVariants } from '../../platform/db/schema/assets.js';
import type { DeliveryInfo, JobQueue } from '../../platform/jobs/queue.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import { SCRATCH_PREFIX } from '../../platform/storage/scratch.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { LibraryItems } from '../library/items-service.js';
import { originalKey, VARIANT_CACHE_CONTROL } from '../library/media-urls.js';
import { MEDIA_PROCESS_QUEUE, type MediaProcessPayload, type UploadsService } from './service.js';

/** See ProcessingService.onOriginal. */
export type OriginalListener = (
  file: AssetRow,
  input: string,
  work: string,
) => Promise<(() => Promise<void>) | undefined>;

/** A file the library will not keep (too long, not really a video, …): the reason is shown. */
class Refusal extends Error {
  override name = 'Refusal';
}

interface Outcome {
  variants: AssetVariants;
  metadata: MediaMetadata;
  length?: number | undefined;
}

const VARIANT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
};

/**
 * Media processing after complete-upload (pg-boss queue MEDIA_PROCESS): probe, check the
 * limits that need the bytes (video length, image pixels), make thumbnails, the video's
 * poster, 480p variant and audio track, the audio waveform. Runs again safely after a crash
 * (the job is retried; outputs are overwritten); the last failed attempt leaves the file
 * UPLOADED_WITHOUT_THUMBNAIL, never stuck.
 */
export class ProcessingService {
  /** Work that follows processing (the AI analysis queues its job): see onProcessed. */
  private readonly processedListeners: ((file: AssetRow) => Promise<void>)[] = [];
  /** Work on the original's bytes while they are here (duplicates fingerprint them): see onOriginal. */
  private readonly originalListeners: OriginalListener[] = [];

  constructor(
    private readonly library: LibraryItems,
    private readonly uploads: UploadsService,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    private readonly queue: JobQueue,
    private readonly config: Pick<Config, 'uploadLimits' | 'media'>,
    private readonly log: FastifyBaseLogger,
    /** Opens a transaction that the library's and the listeners' writes join. */
    private readonly transaction: <T>(fn: () => Promise<T>) => Promise<T>,
  ) {}

  /**
   * Runs `listener` for each file processing finishes with previews, in the transaction that
   * marks it processed: what it queues is queued exactly when the file is processed, so a
   * crash between the two cannot lose it.
   */
  onProcessed(listener: (file: AssetRow) => Promise<void>): void {
    this.processedListeners.push(listener);
  }

  /**
   * Runs `listener` with a processed file's original on this machine (and a scratch folder),
   * before the file is marked processed; the write it answers runs in that transaction. It
   * must not throw: a file is not refused for what a listener could not do.
   */
  onOriginal(listener: OriginalListener): void {
    this.originalListeners.push(listener);
  }

  registerQueues(): void {
    this.queue.register<MediaProcessPayload>(
      MEDIA_PROCESS_QUEUE,
      (payload, delivery) => this.run(payload, delivery),
      {
        retryLimit: 2,
        retryDelaySeconds: 5,
        // A 10-minute 1080p video transcodes in a few minutes here; a lost worker's job comes back after this.
        expireInSeconds: 30 * 60,
        concurrency: this.config.media.concurrency,
      },
    );
  }

  async run(payload: MediaProcessPayload, delivery: DeliveryInfo): Promise<void> {
    const asset = await this.library.fileById(payload.assetId);
    if (asset?.uploadingState !== 'UPLOADED_GENERATING_THUMBNAIL' || !asset.storagePrefix) return;
    const log = this.log.child({ assetId: asset.id, attempt: delivery.retryCount + 1 });
    const work = await fs.mkdtemp(path.join(this.storage.scratchDir(), `${SCRATCH_PREFIX}media-`));
    try {
      const input = await this.localOriginal(asset, work);
      const outcome = await this.process(asset, input, work);
      const state = outcome.variants.thumbnail ? 'UPLOADED' : 'UPLOADED_WITHOUT_THUMBNAIL';
      const writes = await Promise.all(
        this.originalListeners.map((listener) => listener(asset, input, work)),
      );
      await this.transaction(async () => {
        const processed = await this.library.transitionFile(asset.id, ['UPLOADED_GENERATING_THUMBNAIL'], {
          uploadingState: state,
          variants: outcome.variants,
          metadata: outcome.metadata,
          length: outcome.length ?? null,
        });
        if (!processed) return;
        for (const write of writes) await write?.();
        for (const listener of this.processedListeners) await listener(processed);
      });
      log.debug({ state }, 'media processed');
    } catch (error) {
      if (error instanceof Refusal) {
        await this.uploads.refuse(asset, error.message);
        log.info({ reason: error.message }, 'upload refused after probing');
        return;
      }
      const lastAttempt = delivery.retryCount >= delivery.retryLimit;
      log.warn({ err: error, lastAttempt }, 'media processing failed');
      if (!lastAttempt) throw error;
      await this.library.transitionFile(asset.id, ['UPLOADED_GENERATING_THUMBNAIL'], {
        uploadingState: 'UPLOADED_WITHOUT_THUMBNAIL',
      });
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /** The original as a file on this machine: local storage's own path, or a copy from S3. */
  private async localOriginal(asset: AssetRow, work: string): Promise<string> {
    const key = originalKey(asset);
    const local = this.storage.localPath(key);
    if (local) return local;
    const file = path.join(work, `original.${fileExtension(asset.name) || 'bin'}`);
    await pipeline(await this.storage.read(key), createWriteStream(file));
    return file;
  }

  private async process(asset: AssetRow, input: string, work: string): Promise<Outcome> {
    switch (asset.type) {
      case 'IMAGE':
      case 'ANIMATION':
        return this.image(asset, input, work);
      case 'VIDEO':
        return this.video(asset, input, work);
      case 'AUDIO':
        return this.audio(asset, input, work);
      case 'DOCUMENT':
      case 'OTHER':
        return this.document(asset, input, work);
      default:
        return { variants: {}, metadata: {} };
    }
  }

  private async image(asset: AssetRow, input: string, work: string): Promise<Outcome> {
    const limit = this.config.uploadLimits.imageMaxPixels;
    const extension = fileExtension(asset.name);
    let source = input;
    let info: Awaited<ReturnType<MediaTools['imageInfo']>> | undefined;
    try {
      info = await this.tools.imageInfo(input);
    } catch {
      // libvips cannot read it (BMP, HEIC with HEVC): let ffmpeg decode it.
    }
    if (!info || info.format === 'magick') {
      source = path.join(work, 'decoded.png');
      try {
        await this.tools.rasterize(input, source);
        info = await this.tools.imageInfo(source);
      } catch {
        throw new Refusal(uploadMessages.corrupted);
      }
    }
    // SVG sizes are nominal (it scales); every raster image obeys the pixel limit (000 §5).
    if (extension !== 'svg' && Math.max(info.width, info.height) > limit)
      throw new Refusal(interpolate(uploadMessages.imageTooWide, { limit }));
    const metadata: MediaMetadata = { width: info.width, height: info.height, format: info.format };
    if (info.pages > 1) metadata.pages = info.pages;
    // SVG is rendered from memory: with no base file, librsvg loads nothing it references.
    const picture = extension === 'svg' ? await fs.readFile(source) : source;
    return { variants: await this.thumbnails(asset, picture, work, 'preview'), metadata };
  }

  private async video(asset: AssetRow, input: string, work: string): Promise<Outcome> {
    const { videoMaxSeconds, videoMinSeconds } = this.config.uploadLimits;
    const probe = await this.tools.probe(input).catch(() => {
      throw new Refusal(uploadMessages.corrupted);
    });
    if (!probe.hasVideo || !probe.duration) throw new Refusal(uploadMessages.corrupted);
    if (probe.duration > videoMaxSeconds)
      throw new Refusal(
        interpolate(uploadMessages.videoTooLong, { limit: formatLimitSeconds(videoMaxSeconds) }),
      );
    // A creative imported from an ad platform ran as it is: a 3-second bumper is still an ad.
    if (probe.duration < videoMinSeconds && asset.library !== 'AD_ANALYTICS')
      throw new Refusal(
        interpolate(uploadMessages.videoTooShort, { limit: formatLimitSeconds(videoMinSeconds) }),
      );
    const { hasVideo: _v, hasAudio, ...metadata } = probe;
    const frame = path.join(work, 'frame.png');
    const short = path.join(work, 'short.mp4');
    const audio = hasAudio ? path.join(work, 'audio.m4a') : undefined;
    await Promise.all([
      this.tools.rasterize(input, frame, { atSeconds: Math.min(1, probe.duration / 2) }),
      this.tools.transcodeVideo(input, { short, audio }, { hasAudio }),
    ]);
    const variants = await this.thumbnails(asset, frame, work, 'poster');
    await this.store(asset, 'short.mp4', short);
    variants.short = 'short.mp4';
    if (audio) {
      await this.store(asset, 'audio.m4a', audio);
      variants.audio = 'audio.m4a';
    }
    return { variants, metadata, length: probe.duration };
  }

  private async audio(asset: AssetRow, input: string, work: string): Promise<Outcome> {
    const probe = await this.tools.probe(input).catch(() => {
      throw new Refusal(uploadMessages.corrupted);
    });
    if (!probe.hasAudio) throw new Refusal(uploadMessages.corrupted);
    const { hasVideo: _v, hasAudio: _a, width: _w, height: _h, ...metadata } = probe;
    const wave = path.join(work, 'waveform.png');
    await this.tools.waveform(input, wave);
    const variants = await this.thumbnails(asset, wave, work, 'waveform');
    return { variants, metadata, length: probe.duration };
  }

  private async document(asset: AssetRow, input: string, work: string): Promise<Outcome> {
    const extension = fileExtension(asset.name);
    if (extension === 'pdf') {
      const page = path.join(work, 'page.png');
      try {
        const { pages } = await this.tools.pdfFirstPage(input, page);
        return { variants: await this.thumbnails(asset, page, work, 'preview'), metadata: { pages } };
      } catch (error) {
        this.log.info({ err: error, assetId: asset.id }, 'no PDF preview');
        return { variants: {}, metadata: {} };
      }
    }
    if (extension === 'psd') {
      // ffmpeg reads flattened Photoshop files; a preview is a bonus, not a requirement.
      const flat = path.join(work, 'flat.png');
      try {
        await this.tools.rasterize(input, flat);
        return { variants: await this.thumbnails(asset, flat, work, 'preview'), metadata: {} };
      } catch {
        return { variants: {}, metadata: {} };
      }
    }
    return { variants: {}, metadata: {} };
  }

  /** Thumbnail plus a large picture stored under `large` (preview, poster or waveform). */
  private async thumbnails(
    asset: AssetRow,
    source: string | Buffer,
    work: string,
    large: 'preview' | 'poster' | 'waveform',
  ): Promise<AssetVariants> {
    const thumbnail = path.join(work, 'thumbnail.webp');
    const big = path.join(work, `${large}.webp`);
    try {
      await this.tools.imageThumbnails(source, { thumbnail, preview: big });
    } catch (error) {
      if (/pixel limit/i.test(String(error))) throw new Refusal(uploadMessages.pixelFlood);
      throw new Refusal(uploadMessages.corrupted);
    }
    await Promise.all([
      this.store(asset, 'thumbnail.webp', thumbnail),
      this.store(asset, `${large}.webp`, big),
    ]);
    return { thumbnail: 'thumbnail.webp', [large]: `${large}.webp` };
  }

  private async store(asset: AssetRow, name: string, file: string): Promise<void> {
    await this.storage.putFile(`${asset.storagePrefix}${name}`, file, {
      contentType: VARIANT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      cacheControl: VARIANT_CACHE_CONTROL,
    });
  }
}
