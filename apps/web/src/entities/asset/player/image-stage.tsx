import { IconPhotoOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { playerTexts } from '@/config/texts/player';
import { ReviewOverlay } from '@/entities/comment/components/review-overlay';
import classes from './player.module.css';
import { imageSource, type PlayableAsset } from './player-media';
import type { StageReview } from './player-stage';
import { StageMessage } from './stage-message';

const t = playerTexts.player;

/**
 * Images and animations, contained in the stage: the 1280 px preview for images, the original
 * for GIFs so that they move. Transparent pixels sit on a checkerboard.
 */
export function ImageStage({ asset, review }: { asset: PlayableAsset; review?: StageReview | undefined }) {
  const src = imageSource(asset);
  const image = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <StageMessage
        icon={<IconPhotoOff size={32} stroke={1.5} />}
        title={src ? t.imageLoadError : t.fileUnavailable}
        role="alert"
        danger={Boolean(src)}
        testId="stage-error"
      />
    );
  }
  return (
    <div className={classes.fill} data-testid="image-stage">
      <img
        ref={image}
        src={src}
        alt={asset.name}
        className={`${classes.image} ${classes.checkerboard}`}
        onError={() => setFailedSrc(src)}
        draggable={false}
      />
      {review && <ReviewOverlay media={image} threads={review.threads} onChoose={review.choose} />}
    </div>
  );
}
