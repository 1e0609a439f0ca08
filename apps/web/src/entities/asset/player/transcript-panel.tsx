import { type AssetTranscript, formatDuration, interpolate } from '@hookline/contract';
import {
  Badge,
  CloseButton,
  Group,
  Highlight,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type RefObject, useEffect, useState } from 'react';
import { analysisTexts as t } from '@/config/texts/analysis';
import { useTranscript } from '../api/analysis';
import type { AssetItem, BrandScope } from '../api/keys';
import { AnalysisStatusLine } from './analysis-status-line';
import classes from './player.module.css';

/** How often the line being spoken is looked up from the media's time (issue 15). */
const FOLLOW_MS = 200;

/**
 * The transcript tab (000 §2, issue 15): the file's speech as timed lines; the line being
 * spoken is highlighted while the media plays, and choosing a line plays from there. Keywords
 * (Enter adds one) mark where they are said. Without a transcript it says why (the
 * transcription's status text).
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
  const [keywords, setKeywords] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  if (transcript.isPending) return <Loader size="sm" />;
  if (transcript.isError) return <Text c="dimmed">{t.transcriptLoadError}</Text>;
  const { status, message, entries, source } = transcript.data;
  if (status !== 'COMPLETED' || entries.length === 0)
    return (
      <AnalysisStatusLine status={status} message={message || t.noTranscript} testId="transcript-status" />
    );
  const current = currentEntry(entries, nowMs);
  const addKeyword = () => {
    const outcome = keywordOutcome(keywords, draft, entries);
    setMissing(outcome === 'missing' ? draft.trim() : null);
    if (outcome === 'missing') return;
    if (outcome === 'added') setKeywords((list) => [...list, draft.trim()]);
    setDraft('');
  };
  return (
    <Stack gap="sm">
      {source === 'LOCAL' && (
        <Group gap="xs" wrap="nowrap" data-testid="transcript-source">
          <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
            {t.roughLocalTranscript}
          </Badge>
          <Text size="xs" c="dimmed">
            {t.roughLocalTranscriptHint}
          </Text>
        </Group>
      )}
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        aria-label={t.keywordSearch}
        placeholder={t.keywordHint}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setMissing(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            addKeyword();
          }
        }}
      />
      {missing && (
        <Text size="sm" c="dimmed" data-testid="transcript-no-results">
          {interpolate(t.keywordNotFound, { keyword: missing })}
        </Text>
      )}
      {keywords.length > 0 && (
        <Group gap={4} data-testid="transcript-keywords">
          {keywords.map((keyword) => (
            <Badge
              key={keyword}
              variant="light"
              color="violet.8"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={interpolate(t.removeKeyword, { keyword })}
                  onClick={() => setKeywords((list) => list.filter((k) => k !== keyword))}
                />
              }
            >
              {keyword}
            </Badge>
          ))}
        </Group>
      )}
      <TranscriptLines entries={entries} current={current} keywords={keywords} mediaRef={mediaRef} />
    </Stack>
  );
}

/**
 * What Enter does with a keyword (000 §8): nothing for a blank one or one already there (case
 * ignored), 'missing' when the transcript never says it, else it is added.
 */
export function keywordOutcome(
  keywords: readonly string[],
  draft: string,
  entries: AssetTranscript['entries'],
): 'ignored' | 'missing' | 'added' {
  const keyword = draft.trim().toLowerCase();
  if (!keyword || keywords.some((k) => k.toLowerCase() === keyword)) return 'ignored';
  return entries.some((entry) => entry.content.toLowerCase().includes(keyword)) ? 'added' : 'missing';
}

function TranscriptLines({
  entries,
  current,
  keywords,
  mediaRef,
}: {
  entries: AssetTranscript['entries'];
  current: number;
  keywords: string[];
  mediaRef: RefObject<HTMLMediaElement | null>;
}) {
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
            <Highlight size="sm" highlight={keywords}>
              {entry.content}
            </Highlight>
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
