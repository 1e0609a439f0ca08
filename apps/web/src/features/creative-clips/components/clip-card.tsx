import { type CreativeClip, interpolate } from '@hookline/contract';
import { Badge } from '@mantine/core';
import { IconBolt, IconMovie } from '@tabler/icons-react';
import { memo, type SyntheticEvent, useState } from 'react';
import { creativeClipsTexts as t } from '@/config/texts/creative-clips';
import { clipTypeColors, formatClipTime } from '../clip-utils';
import classes from './clips.module.css';

/**
 * One clip of the grid: the file's poster, the time range, type and subtype chips, the hook
 * badge (hookAnalysis flag), the quote on two lines and the file's name. Hovering (or
 * focusing) it plays the segment muted: its <video> exists only then, so a screenful of cards
 * loads no video until one is pointed at.
 */
export const ClipCard = memo(function ClipCard({
  clip,
  showHook,
  onOpen,
}: {
  clip: CreativeClip;
  showHook: boolean;
  onOpen: (clip: CreativeClip) => void;
}) {
  const [playing, setPlaying] = useState(false);
  const start = formatClipTime(clip.startTimestampMs);
  const end = formatClipTime(clip.endTimestampMs);
  const range = interpolate(t.timeRange, { start, end });
  // Back to the clip's start when the segment ends (a media fragment plays it once).
  const loop = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    if (
      video.currentTime >= clip.endTimestampMs / 1000 ||
      video.currentTime < clip.startTimestampMs / 1000 - 1
    )
      video.currentTime = clip.startTimestampMs / 1000;
  };
  return (
    // Named by what it shows (range, type, subtype, quote, file): a label of its own would hide
    // the visible words from speech input (axe label-content-name-mismatch).
    <button
      type="button"
      className={classes.card}
      data-testid="clip-card"
      onClick={() => onOpen(clip)}
      onMouseEnter={() => setPlaying(true)}
      onMouseLeave={() => setPlaying(false)}
      onFocus={() => setPlaying(true)}
      onBlur={() => setPlaying(false)}
    >
      <span className={classes.thumb}>
        {clip.asset.previewURL ? (
          <img
            className={classes.poster}
            src={clip.asset.previewURL}
            alt=""
            loading="lazy"
            draggable={false}
          />
        ) : (
          <span className={classes.placeholder}>
            <IconMovie size={32} stroke={1.5} aria-hidden />
          </span>
        )}
        {playing && clip.previewURL && (
          <video
            className={classes.video}
            src={clip.previewURL}
            data-testid="clip-video"
            muted
            autoPlay
            playsInline
            preload="auto"
            aria-hidden
            onTimeUpdate={loop}
          />
        )}
        {showHook && clip.hook && (
          <Badge
            className={classes.hook}
            color="yellow"
            variant="filled"
            size="sm"
            leftSection={<IconBolt size={12} aria-hidden />}
            title={t.hookHint}
            data-testid="clip-hook"
          >
            {t.hook}
          </Badge>
        )}
        <span className={classes.range}>{range}</span>
      </span>
      <span className={classes.content}>
        <span className={classes.chips}>
          <Badge
            color={clipTypeColors[clip.type]}
            variant="light"
            size="sm"
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {clip.type}
          </Badge>
          {clip.subtype && (
            <Badge color="gray" variant="outline" size="sm" radius="sm" tt="none" style={{ minWidth: 0 }}>
              {clip.subtype}
            </Badge>
          )}
        </span>
        <span className={classes.quote} title={clip.quote}>
          “{clip.quote}”
        </span>
        <span className={classes.name}>
          <IconMovie size={14} stroke={1.75} aria-hidden style={{ flexShrink: 0 }} />
          <span className={classes.nameText} title={clip.asset.name}>
            {clip.asset.name}
          </span>
        </span>
      </span>
    </button>
  );
});
