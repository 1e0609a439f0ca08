import {
  type AiCapability,
  aiCapabilityIds,
  interpolate,
  type SemanticSearchStatus,
} from '@hookline/contract';
import { Badge, Box, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { integrationsTexts } from '@/config/texts/integrations';
import type { IntegrationScope } from '@/entities/integration/api';
import { useAiCapabilities } from '../api/get-ai-capabilities';
import { listVariables } from '../utils/list-variables';

const t = integrationsTexts.aiProvider;

/**
 * Settings → Integrations, 'AI provider' (issue 15): each capability on or off, its model
 * and host, or the variables that turn it on; and where analysed files' frames and audio go.
 */
export function AiProviderCard({ scope }: { scope: IntegrationScope }) {
  const query = useAiCapabilities(scope);
  const described = query.data;
  return (
    <Card withBorder radius="md" data-testid="ai-provider-card">
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="sm">
        <ThemeIcon variant="light" color="grape" size={36} radius="md" aria-hidden>
          <IconSparkles size={20} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Text fw={600}>{t.title}</Text>
          <Text size="sm" c="dimmed">
            {t.description}
          </Text>
        </div>
      </Group>
      {query.isError ? (
        <LoadFailedAlert title={t.loadFailed} onRetry={() => void query.refetch()} />
      ) : !described ? (
        <Skeleton height={120} radius="sm" />
      ) : (
        <Stack gap={8}>
          {aiCapabilityIds.map((id) => {
            const capability = described.capabilities.find((c) => c.id === id);
            if (!capability) return null;
            const { enabled, detail } = rowOf(capability, described.semanticSearch);
            return (
              <Group
                key={id}
                justify="space-between"
                wrap="nowrap"
                gap="md"
                data-testid={`ai-capability-${id}`}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">{t.capabilities[id]}</Text>
                  <Text size="xs" c="dimmed" truncate>
                    {detail}
                  </Text>
                </div>
                {/* One readable badge style for both (a teal light badge failed axe's color-contrast
                    under the Connect dialog's overlay); an on capability has a teal dot. */}
                <Badge
                  variant="light"
                  color="gray"
                  leftSection={
                    enabled ? (
                      <Box w={6} h={6} bg="teal.6" style={{ borderRadius: '50%' }} aria-hidden />
                    ) : undefined
                  }
                >
                  {enabled ? t.on : t.off}
                </Badge>
              </Group>
            );
          })}
          <Text size="xs" c="dimmed" mt={4} data-testid="ai-sends-media-to">
            {described.sendsMediaTo.length > 0
              ? interpolate(t.sendsTo, { host: listVariables(described.sendsMediaTo) })
              : t.sendsNothing}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

/**
 * A capability's row: on or off, and its model and host, or what turns it on. The embeddings
 * row is semantic search, which also needs the database's vector extension: with a model set
 * it says why search is still off, or how far a re-embed has come (issue 16).
 */
function rowOf(
  capability: AiCapability,
  semanticSearch: SemanticSearchStatus | undefined,
): { enabled: boolean; detail: string } {
  const where = [capability.model, capability.host].filter(Boolean).join(' · ');
  // Image embeddings with their model set, off for want of pgvector: no variable to name.
  if (!capability.enabled && capability.id === 'imageEmbeddings' && capability.enableWith.length === 0)
    return { enabled: false, detail: t.imageEmbeddingsNoVector };
  if (!capability.enabled)
    return {
      enabled: false,
      detail:
        t.enableHints[capability.id] ??
        interpolate(t.enableWith, { variables: listVariables(capability.enableWith) }),
    };
  if (capability.id === 'embeddings' && semanticSearch && !semanticSearch.enabled)
    return { enabled: false, detail: semanticSearch.message };
  return { enabled: true, detail: where };
}
