import { IconVideoOff } from '@tabler/icons-react';
import { type RefObject, useState } from 'react';
import { playerTexts } from '@/config/texts/player';
import { ReviewOverlay } from '@/entities/comment/components/review-overlay';
import { reportError } from '@/lib/error-reporting';
import classes from './player.module.css';
import { type PlayableAsset, videoSources } from './player-media';
import type { StageReview } from './player-stage';
import { StageMessage } from './stage-message';

const t = playerTexts.player;

/**
 * Video on the 480p h264 copy (the original when there is none), with its poster frame and
 * the browser's controls. The player's Space key reaches it through `mediaRef`.
 */
export function VideoStage({
  asset,
  mediaRef,
  review,
}: {
  asset: PlayableAsset & { id: string; length?: number | null };
  mediaRef: RefObject<HTMLVideoElement>;
  review?: StageReview | undefined;
}) {
  const { src, poster } = videoSources(asset);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [duration, setDuration] = useState(asset.length ?? 0);

  if (!src || failedSrc === src) {
    return (
      <StageMessage
        icon={<IconVideoOff size={32} stroke={1.5} />}
        title={src ? t.mediaLoadError : t.fileUnavailable}
        text={src ? t.downloadHint : undefined}
        role="alert"
        danger={Boolean(src)}
        testId="stage-error"
      />
    );
  }
  return (
    <div className={classes.fill}>
      {/* Our videos carry no caption tracks yet; transcripts come with the transcript tab. */}
      {/* biome-ignore lint/a11y/useMediaCaption: no caption files exist for uploaded videos. */}
      <video
        key={src}
        ref={mediaRef}
        src={src}
        poster={poster}
        controls
        playsInline
        preload="metadata"
        className={classes.video}
        aria-label={asset.name}
        data-testid="video-stage"
        onLoadedMetadata={(event) => {
          if (Number.isFinite(event.currentTarget.duration)) setDuration(event.currentTarget.duration);
        }}
        onError={(event) => {
          setFailedSrc(src);
          // 000 §8: a video load error reports a media session error event.
          const code = event.currentTarget.error?.code;
          reportError(new Error(`Media session error${code ? ` (code ${code})` : ''}`), {
            assetId: asset.id,
            src: src.split('?')[0],
          });
        }}
      />
      {review && (
        <ReviewOverlay
          media={mediaRef}
          threads={review.threads}
          onChoose={review.choose}
          timeline={{ duration }}
        />
      )}
    </div>
  );
}
