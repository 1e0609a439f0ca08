import { integrationVendors } from '@hookline/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { integrationsTexts } from '@/config/texts/integrations';
import { useActiveBrand } from '@/entities/brand';
import { type IntegrationScope, useIntegrations } from '@/entities/integration/api';
import { AiProviderCard } from '../components/ai-provider-card';
import { IntegrationCard } from '../components/integration-card';

const t = integrationsTexts;

/**
 * Settings → Integrations (001 §2): Facebook / Meta (the brand's), Google Drive and Dropbox
 * (each user's own), each with its state and Connect; and the AI provider this server uses.
 */
export function IntegrationsPage() {
  const brand = useActiveBrand();
  const scope = useMemo<IntegrationScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const list = useIntegrations(scope);

  return (
    <Stack gap="md" data-testid="integrations-page">
      <div>
        <Title order={2} size="h4">
          {t.list}
        </Title>
        <Text size="sm" c="dimmed">
          {t.listText}
        </Text>
      </div>
      {list.isError ? (
        <LoadFailedAlert title={t.loadFailed} onRetry={() => void list.refetch()} />
      ) : (
        integrationVendors.map((vendor) => (
          <IntegrationCard
            key={vendor}
            vendor={vendor}
            scope={scope}
            integration={list.data?.find((item) => item.vendor === vendor) ?? null}
            loadingIntegration={list.isPending}
          />
        ))
      )}
      <AiProviderCard scope={scope} />
    </Stack>
  );
}
