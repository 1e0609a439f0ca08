import { interpolate } from '@hookline/contract';
import { Group, Text } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { type Ref, useState } from 'react';
import { playerTexts } from '@/config/texts/player';
import classes from './player.module.css';
import { audioSources, formatPlaybackTime, type PlayableAsset } from './player-media';
import { StageMessage } from './stage-message';

const t = playerTexts.player;

/** Audio: the waveform image above the browser's audio controls. */
export function AudioStage({
  asset,
  duration,
  mediaRef,
}: {
  asset: PlayableAsset;
  duration: number | null;
  mediaRef: Ref<HTMLAudioElement>;
}) {
  const { src, waveform } = audioSources(asset);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [waveformFailed, setWaveformFailed] = useState(false);

  if (!src || failedSrc === src) {
    return (
      <StageMessage
        icon={<IconMusic size={32} stroke={1.5} />}
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
      <div className={classes.audioCard} data-testid="audio-stage">
        {waveform && !waveformFailed ? (
          <img
            src={waveform}
            alt={interpolate(t.waveform, { name: asset.name })}
            className={classes.waveform}
            onError={() => setWaveformFailed(true)}
            draggable={false}
          />
        ) : (
          <div className={classes.waveformPlaceholder} aria-hidden>
            <IconMusic size={56} stroke={1.2} />
          </div>
        )}
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" fw={600} c="gray.2" truncate>
            {asset.name}
          </Text>
          {duration ? (
            <Text size="xs" c="gray.4" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
              {formatPlaybackTime(duration)}
            </Text>
          ) : null}
        </Group>
        {/* biome-ignore lint/a11y/useMediaCaption: uploaded audio has no caption track; the transcript tab comes later. */}
        <audio
          key={src}
          ref={mediaRef}
          src={src}
          controls
          preload="metadata"
          className={classes.audio}
          aria-label={asset.name}
          onError={() => setFailedSrc(src)}
        />
      </div>
    </div>
  );
}
