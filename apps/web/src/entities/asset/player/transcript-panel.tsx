import { type AssetTranscript, formatDuration } from '@hookline/contract';
import { Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { type RefObject, useEffect, useState } from 'react';
import { analysisTexts as t } from '@/config/texts/analysis';
import { useTranscript } from '../api/analysis';
import type { AssetItem, BrandScope } from '../api/keys';
import classes from './player.module.css';

/** How often the line being spoken is looked up from the media's time (issue 15). */
const FOLLOW_MS = 200;

/**
 * The transcript tab (000 §2, issue 15): the file's speech as timed lines; the line being
 * spoken is highlighted while the media plays, and choosing a line plays from there. Without
 * a transcript it says why (the transcription's status text).
 */
export function TranscriptPanel({
  scope,
  asset,
  mediaRef,
}: {
  scope: BrandScope;
  asset: AssetItem;
  mediaRef: RefObject<HTMLMediaElement | null>;
}) {
  const transcript = useTranscript(scope, asset.id);
  const nowMs = useMediaTime(mediaRef);
  if (transcript.isPending) return <Loader size="sm" />;
  if (transcript.isError) return <Text c="dimmed">{t.transcriptLoadError}</Text>;
  const { status, message, entries } = transcript.data;
  if (status !== 'COMPLETED' || entries.length === 0)
    return (
      <Group gap="xs" wrap="nowrap" data-testid="transcript-status">
        {(status === 'PENDING' || status === 'PROCESSING') && <Loader size="xs" />}
        <Text size="sm" c="dimmed">
          {message || t.noTranscript}
        </Text>
      </Group>
    );
  const current = currentEntry(entries, nowMs);
  return (
    <Stack gap={2} role="list" aria-label={t.transcriptLabel} data-testid="transcript">
      {entries.map((entry, index) => (
        <UnstyledButton
          key={`${entry.timestamp}-${entry.endTimestamp}`}
          role="listitem"
          className={classes.transcriptLine}
          aria-current={index === current ? 'true' : undefined}
          onClick={() => {
            const media = mediaRef.current;
            if (!media) return;
            media.currentTime = entry.timestamp / 1000;
            void media.play().catch(() => undefined);
          }}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" ff="monospace" pt={2} style={{ flexShrink: 0 }}>
              {formatDuration(entry.timestamp / 1000)}
            </Text>
            <Text size="sm">{entry.content}</Text>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

/** The line being spoken at `ms`: the last one that started, while it lasts. */
export function currentEntry(entries: AssetTranscript['entries'], ms: number): number {
  let found = -1;
  for (const [index, entry] of entries.entries()) {
    if (entry.timestamp > ms) break;
    if (ms < entry.endTimestamp) found = index;
  }
  return found;
}

/** The media's current time in ms, read every FOLLOW_MS while the tab is open. */
function useMediaTime(mediaRef: RefObject<HTMLMediaElement | null>): number {
  const [ms, setMs] = useState(0);
  useEffect(() => {
    const timer = setInterval(
      () => setMs(Math.round((mediaRef.current?.currentTime ?? 0) * 1000)),
      FOLLOW_MS,
    );
    return () => clearInterval(timer);
  }, [mediaRef]);
  return ms;
}
