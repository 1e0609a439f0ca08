import type { Comment, Reply } from '@hookline/contract';
import { Loader } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { playerTexts } from '@/config/texts/player';
import type { AssetItem, BrandScope } from '../api/keys';
import { AudioStage } from './audio-stage';
import { DocumentStage } from './document-stage';
import { ImageStage } from './image-stage';
import { stageKind } from './player-media';
import { StageMessage } from './stage-message';
import { UnsupportedStage } from './unsupported-stage';
import { VideoStage } from './video-stage';

const t = playerTexts.player;

export interface PlayerStageProps {
  scope: BrandScope;
  asset: AssetItem;
  canEdit: boolean;
  /** The playing video or audio element, for the player's Space key. */
  mediaRef: RefObject<HTMLMediaElement | null>;
  /** Review over the media: the item's threads (markers, drawings, pins) and choosing one. */
  review?: StageReview | undefined;
}

export interface StageReview {
  threads: Comment[];
  choose(comment: Reply): void;
}

/** What the dark stage shows for one asset: its upload state, or its media by type. */
export function PlayerStage({ scope, asset, canEdit, mediaRef, review }: PlayerStageProps) {
  switch (stageKind(asset)) {
    case 'uploading':
      return (
        <StageMessage
          icon={<IconCloudUpload size={32} stroke={1.5} />}
          title={t.uploading}
          text={t.uploadingText}
          testId="stage-uploading"
        />
      );
    case 'processing':
      return (
        <StageMessage
          icon={<Loader size="md" color="gray.4" />}
          title={t.processing}
          text={t.processingText}
          testId="stage-processing"
        />
      );
    case 'failed':
    case 'skipped': {
      const failed = asset.uploadingState === 'FAILED_TO_UPLOAD';
      return (
        <StageMessage
          icon={<IconAlertTriangle size={32} stroke={1.5} />}
          title={failed ? t.uploadFailed : t.skipped}
          text={asset.failureReason || (failed ? t.uploadFailedText : t.skippedText)}
          danger
          role="alert"
          testId="stage-failed"
        />
      );
    }
    case 'image':
      return <ImageStage key={asset.id} asset={asset} review={review} />;
    case 'video':
      return (
        <VideoStage
          key={asset.id}
          asset={asset}
          mediaRef={mediaRef as RefObject<HTMLVideoElement>}
          review={review}
        />
      );
    case 'audio':
      return (
        <AudioStage
          key={asset.id}
          asset={asset}
          duration={asset.metadata?.duration ?? asset.length}
          mediaRef={mediaRef as RefObject<HTMLAudioElement>}
        />
      );
    case 'pdf':
    case 'text':
    case 'csv':
      return <DocumentStage scope={scope} asset={asset} canEdit={canEdit} />;
    case 'unsupported':
      return <UnsupportedStage scope={scope} asset={asset} />;
  }
}
