import { formatPercent } from '@hookline/contract';
import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { analyticsTexts } from '@/config/texts/analytics';
import { useAssetText, useTranscript } from '@/entities/asset/api/analysis';
import { useBreakdown } from '@/entities/asset/api/clips';
import type { BrandScope } from '@/entities/asset/api/keys';

const t = analyticsTexts.player.hook;
/** The hook: what the first 3 seconds hold (the breakdown's `hook` clips start there too). */
const HOOK_MS = 3000;

/**
 * Hook analysis (hookAnalysis flag; issue 17 "Beyond the seeds"): the first 3 seconds of the
 * shown video: what is said (transcript lines starting then), the words on screen then (OCR),
 * the creative clip it opens with, and how the hook does: thumbstop rate and hook score.
 */
export function HookAnalysis({
  scope,
  assetId,
  thumbstop,
  score,
}: {
  scope: BrandScope;
  assetId: string;
  thumbstop: number | null;
  score: number | null;
}) {
  const transcript = useTranscript(scope, assetId);
  const text = useAssetText(scope, assetId, true);
  const breakdown = useBreakdown(scope, assetId);
  const loading = transcript.isPending || text.isPending || breakdown.isPending;
  const said = (transcript.data?.entries ?? [])
    .filter((entry) => entry.timestamp < HOOK_MS)
    .map((entry) => entry.content.trim())
    .filter(Boolean)
    .join(' ');
  const shown = [
    ...new Set(
      (text.data?.entries ?? [])
        .filter((entry) => entry.startMs < HOOK_MS)
        .map((entry) => entry.text.trim())
        .filter(Boolean),
    ),
  ].join(' · ');
  const clip = (breakdown.data?.items ?? []).find((item) => item.hook || item.startTimestampMs < HOOK_MS);

  return (
    <Stack gap={6} data-testid="hook-analysis">
      <Group justify="space-between">
        <Text size="xs" fw={600}>
          {t.title}
        </Text>
        {loading && <Loader size="xs" />}
      </Group>
      <Group gap={6}>
        <Badge variant="dot" color="gray" tt="none" data-testid="hook-thumbstop">
          {t.thumbstop} {formatPercent(thumbstop)}
        </Badge>
        <Badge variant="dot" color="gray" tt="none" data-testid="hook-score">
          {t.score} {score ?? t.none}
        </Badge>
        {clip && (
          <Badge variant="dot" color="grape" tt="none" data-testid="hook-clip">
            {clip.subtype ? `${clip.type} · ${clip.subtype}` : clip.type}
          </Badge>
        )}
      </Group>
      <HookLine label={t.said} value={said} testId="hook-said" />
      <HookLine label={t.onScreen} value={shown} testId="hook-on-screen" />
    </Stack>
  );
}

/** A labelled line of the hook's first seconds, 'N/A' when there is nothing. */
function HookLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value || t.none}
      </Text>
    </>
  );
}
