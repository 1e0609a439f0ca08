import { type BreakdownItem, DEBOUNCE_MS, formatDuration, interpolate } from '@hookline/contract';
import { ActionIcon, Badge, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconDownload, IconSearch } from '@tabler/icons-react';
import { type RefObject, useRef, useState } from 'react';
import { Hint } from '@/components/hint';
import { analysisTexts as t } from '@/config/texts/analysis';
import { useFeatureFlag } from '@/lib/feature-flags';
import { showSuccessToast } from '@/lib/notify';
import { type ClipJobType, runClipJob, useBreakdown } from '../api/clips';
import type { AssetItem, BrandScope } from '../api/keys';
import { AnalysisStatusLine } from './analysis-status-line';
import { ClipFolderPicker } from './clip-folder-picker';
import classes from './player.module.css';

/** Breakdown search needs more than this many characters (000 §8). */
const SEARCH_MIN = 2;

const range = (clip: BreakdownItem) =>
  `${formatDuration(clip.startTimestampMs / 1000)}–${formatDuration(clip.endTimestampMs / 1000)}`;

/** Whether a clip matches a search: its quote or subtype holds the words, case ignored (000 §8). */
export function clipMatches(clip: BreakdownItem, query: string): boolean {
  const q = query.toLowerCase();
  return clip.quote.toLowerCase().includes(q) || Boolean(clip.subtype?.toLowerCase().includes(q));
}

/**
 * The videoIntelligence tab (000 §2, issue 15): the video's creative clips with their
 * previews, type, subtype and hook, searchable; choosing one plays it in the player. Members
 * who may write save a clip as a new file or download it (clip jobs). Without clips it says
 * why (the breakdown's status text).
 */
export function VideoIntelligencePanel({
  scope,
  asset,
  mediaRef,
  canSave,
}: {
  scope: BrandScope;
  asset: AssetItem;
  mediaRef: RefObject<HTMLMediaElement | null>;
  canSave: boolean;
}) {
  const breakdown = useBreakdown(scope, asset.id);
  const hooks = useFeatureFlag('hookAnalysis');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), DEBOUNCE_MS.search);
  const [saving, setSaving] = useState<BreakdownItem | null>(null);

  if (breakdown.isPending) return <Loader size="sm" />;
  if (breakdown.isError) return <Text c="dimmed">{t.breakdownLoadError}</Text>;
  const { status, message, items } = breakdown.data;
  if (status !== 'COMPLETED' || items.length === 0)
    return (
      <AnalysisStatusLine status={status} message={message || t.noBreakdown} testId="breakdown-status" />
    );

  const shown = query.length >= SEARCH_MIN ? items.filter((clip) => clipMatches(clip, query)) : items;
  const play = (clip: BreakdownItem) => {
    const media = mediaRef.current;
    if (!media) return;
    media.currentTime = clip.startTimestampMs / 1000;
    void media.play().catch(() => undefined);
  };
  const run = async (type: ClipJobType, clip: BreakdownItem, targetFolderId?: string) => {
    const id = `clip-${type}-${clip.id}`;
    notifications.show({
      id,
      loading: true,
      message: type === 'DOWNLOAD_CLIP' ? t.clipDownloading : t.clipSaving,
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const outcome = await runClipJob(scope, type, {
        assetId: asset.id,
        startOffsetMs: clip.startTimestampMs,
        endOffsetMs: clip.endTimestampMs,
        ...(clip.subtype ? { clipSubType: clip.subtype } : {}),
        ...(targetFolderId ? { targetFolderId } : {}),
      });
      notifications.hide(id);
      // A failed job has its toast from the poller.
      if (outcome.status !== 'FINISHED') return;
      if ('url' in outcome.result) window.location.assign(outcome.result.url);
      else showSuccessToast(t.clipSaved);
    } catch {
      // The API client has shown the request's error.
      notifications.hide(id);
    }
  };

  return (
    <Stack gap="sm" data-testid="video-intelligence">
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t.clipsSearchHint}
        aria-label={t.clipsSearch}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {interpolate(t.noClipMatches, { query })}
        </Text>
      ) : (
        <Stack component="ul" gap={6} aria-label={t.clipsLabel} className={classes.clipList}>
          {shown.map((clip) => (
            <li key={clip.id} className={classes.clip} data-testid="clip">
              <UnstyledButton
                onClick={() => play(clip)}
                aria-label={interpolate(t.playClip, { type: clip.type, range: range(clip) })}
                className={classes.clipPreview}
              >
                {clip.previewURL && <ClipPreview url={clip.previewURL} poster={asset.previewURL} />}
              </UnstyledButton>
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap={4}>
                  <Badge size="sm" variant="filled" color="violet.7">
                    {clip.type}
                  </Badge>
                  {clip.subtype && (
                    <Badge size="sm" variant="outline" color="gray.7">
                      {clip.subtype}
                    </Badge>
                  )}
                  {hooks && clip.hook && (
                    <Badge size="sm" variant="filled" color="yellow.4" c="dark.9">
                      {t.hook}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" lineClamp={3}>
                  “{clip.quote}”
                </Text>
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed" ff="monospace">
                    {range(clip)}
                  </Text>
                  {canSave && (
                    <Group gap={2} wrap="nowrap">
                      <Hint label={t.saveClip}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t.saveClip}
                          onClick={() => setSaving(clip)}
                        >
                          <IconDeviceFloppy size={15} />
                        </ActionIcon>
                      </Hint>
                      <Hint label={t.downloadClip}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t.downloadClip}
                          onClick={() => void run('DOWNLOAD_CLIP', clip)}
                        >
                          <IconDownload size={15} />
                        </ActionIcon>
                      </Hint>
                    </Group>
                  )}
                </Group>
              </Stack>
            </li>
          ))}
        </Stack>
      )}
      {saving && (
        <ClipFolderPicker
          scope={scope}
          onClose={() => setSaving(null)}
          onPick={(folderId) => {
            const clip = saving;
            setSaving(null);
            void run('SAVE_CLIP_AS_ASSET', clip, folderId);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * A clip's preview: the file's poster until hovered, then the video from the clip's start (a
 * media fragment) played muted; nothing is fetched for it before.
 */
function ClipPreview({ url, poster }: { url: string; poster: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const start = Number(/#t=([\d.]+)/.exec(url)?.[1] ?? 0);
  return (
    <video
      ref={video}
      src={url}
      muted
      playsInline
      preload="none"
      poster={poster ?? undefined}
      onMouseEnter={() => void video.current?.play().catch(() => undefined)}
      onMouseLeave={() => {
        const v = video.current;
        if (!v) return;
        v.pause();
        v.currentTime = start;
      }}
    />
  );
}
