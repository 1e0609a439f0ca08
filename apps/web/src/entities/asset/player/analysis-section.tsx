import { type AssetAnalysis, formatDuration, interpolate, type Persona } from '@hookline/contract';
import { Badge, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { RefObject } from 'react';
import { analysisTexts as t } from '@/config/texts/analysis';
import { analysisRunning, useAnalysis, useAssetText, useRetryAnalysis } from '../api/analysis';
import type { AssetItem, BrandScope } from '../api/keys';
import { CapabilityOffHint } from './capability-off-hint';

type Feature = AssetAnalysis['features'][number];

/**
 * What the AI analysis found in a file (000 §2 overview, issue 15): while it runs, what it is
 * doing (the item refetches every 5 s meanwhile); then the personas (or why there are none),
 * the text read in the file with its times (a video's time plays from there), and 'Retry
 * analysis' when a part failed.
 * Descriptions and tags show their status only while running; their results are the item's
 * own description and tags.
 */
export function AnalysisSection({
  scope,
  asset,
  canEdit,
  mediaRef,
}: {
  scope: BrandScope;
  asset: AssetItem;
  canEdit: boolean;
  /** The player's media: a video's read line plays from its time. */
  mediaRef?: RefObject<HTMLMediaElement | null>;
}) {
  const running = analysisRunning(asset);
  const analysis = useAnalysis(scope, asset.id, running);
  const features = analysis.data?.features ?? [];
  const of = (name: Feature['feature']) => features.find((f) => f.feature === name);
  const ocr = of('ocr');
  const text = useAssetText(scope, asset.id, ocr?.status === 'COMPLETED');
  const retry = useRetryAnalysis(scope);
  if (features.every((f) => f.status === null)) return null;

  const inProgress = features.filter((f) => f.status === 'PENDING' || f.status === 'PROCESSING');
  const aiTags = asset.tags.filter((tag) => tag.source === 'AI');
  const personas = of('personas');
  const failed = features.some((f) => f.status === 'FAILED');
  return (
    <Stack gap="xs" data-testid="analysis-section">
      {inProgress.length > 0 && (
        <Group gap="xs" wrap="nowrap" role="status" data-testid="analysis-progress">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {inProgress.map((f) => f.message).join(' ')}
          </Text>
        </Group>
      )}
      {aiTags.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="ai-tags">
          {t.aiTags} {aiTags.map((tag) => tag.name).join(', ')}
        </Text>
      )}
      {personas?.status && personas.status !== 'PENDING' && personas.status !== 'PROCESSING' && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t.personas}
          </Text>
          {asset.personas?.length ? (
            <Group gap={6}>
              {numbered(asset.personas).map(({ persona, number }) => (
                <Badge
                  key={number}
                  variant="light"
                  color="gray"
                  tt="none"
                  title={interpolate(t.person, { number })}
                >
                  {describePersona(persona) || interpolate(t.person, { number })}
                </Badge>
              ))}
            </Group>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {personas.message}
              </Text>
              <CapabilityOffHint status={personas.status} />
            </>
          )}
        </Stack>
      )}
      {ocr?.status && ocr.status !== 'PENDING' && ocr.status !== 'PROCESSING' && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t.textInMedia}
          </Text>
          {ocr.status === 'COMPLETED' ? (
            <Stack gap={2} data-testid="text-in-media">
              {(text.data?.entries ?? []).map((entry) => (
                <Group key={`${entry.startMs}-${entry.text}`} gap="xs" wrap="nowrap" align="flex-start">
                  {asset.type === 'VIDEO' && (
                    <UnstyledButton
                      aria-label={interpolate(t.playFrom, { time: formatDuration(entry.startMs / 1000) })}
                      onClick={() => {
                        const media = mediaRef?.current;
                        if (!media) return;
                        media.currentTime = entry.startMs / 1000;
                        void media.play().catch(() => undefined);
                      }}
                      style={{ flexShrink: 0 }}
                    >
                      <Text size="xs" c="violet.8" ff="monospace" td="underline">
                        {formatDuration(entry.startMs / 1000)}
                      </Text>
                    </UnstyledButton>
                  )}
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {entry.text}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {ocr.message}
              </Text>
              <CapabilityOffHint status={ocr.status} />
            </>
          )}
        </Stack>
      )}
      {failed && canEdit && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            loading={retry.isPending}
            onClick={() => retry.mutate(asset.id)}
          >
            {t.retry}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** People have no identity of their own: their place in the list (from 1) names them. */
const numbered = (personas: readonly Persona[]) =>
  personas.map((persona, index) => ({ persona, number: index + 1 }));

/** 'Female · 25-34 · Eyeglasses': what the model could tell about a person. */
export function describePersona(persona: Persona): string {
  return [
    persona.gender,
    persona.ageGroup,
    persona.hairColor && `${persona.hairColor} hair`,
    persona.hasEyeglasses && t.eyeglasses,
    persona.hasSunglasses && t.sunglasses,
    persona.hasBeard && t.beard,
    persona.hasMustache && t.mustache,
  ]
    .filter(Boolean)
    .join(' · ');
}
