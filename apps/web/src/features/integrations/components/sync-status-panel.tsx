import {
  type AdAccountSync,
  formatDate,
  integrationsMessages,
  interpolate,
  type SyncState,
} from '@hookline/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { integrationsTexts } from '@/config/texts/integrations';
import type { IntegrationScope } from '@/entities/integration/api';
import { showSuccessToast } from '@/lib/notify';
import { useSyncStatus } from '../api/get-sync-status';
import { useRefreshIntegration } from '../api/refresh-integration';

const t = integrationsTexts.syncStatus;

const STATE_COLORS: Record<SyncState, string> = {
  IDLE: 'teal',
  QUEUED: 'gray',
  RUNNING: 'blue',
  FAILED: 'red',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A 'yyyy-MM-dd' day as 'MMM d, yyyy', like every other date. */
const formatDay = (day: string) =>
  formatDate(/^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00`) : day);

/** 'MMM d, yyyy HH:mm' (local). */
const when = (date: Date | null, fallback: string) =>
  date ? `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : fallback;

/**
 * Each enabled ad account's sync (polled every 5 s while one is queued or running): state,
 * last and next run, rows synced, progress while running, the last error; admins can start a
 * sync now (the connection's refresh).
 */
export function SyncStatusPanel({
  scope,
  integrationId,
  canManage,
}: {
  scope: IntegrationScope;
  integrationId: string;
  canManage: boolean;
}) {
  const status = useSyncStatus(scope, integrationId);
  const refresh = useRefreshIntegration();

  return (
    <Card withBorder radius="md" data-testid="sync-status">
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <div>
          <Title order={3} size="h5">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.text}
          </Text>
        </div>
        {canManage && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={refresh.isPending}
            onClick={() =>
              refresh.mutate(
                { scope, id: integrationId },
                { onSuccess: () => showSuccessToast(integrationsMessages.refreshed) },
              )
            }
          >
            {t.syncNow}
          </Button>
        )}
      </Group>
      {status.isError ? (
        <LoadFailedAlert title={t.loadFailed} onRetry={() => void status.refetch()} />
      ) : !status.data ? (
        <Stack gap="sm">
          <Skeleton h={64} />
        </Stack>
      ) : status.data.accounts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <Stack gap="sm">
          {status.data.accounts.map((account) => (
            <AccountSync key={account.adAccountId} account={account} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function AccountSync({ account }: { account: AdAccountSync }) {
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="account-sync">
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {account.name}
          </Text>
          <Text size="xs" c="dimmed">
            {account.adAccountId}
          </Text>
        </div>
        {/* A dot badge: coloured labels on a light ground stay under 4.5:1. */}
        <Badge variant="dot" color={STATE_COLORS[account.state]} tt="none" fw={500} radius="sm">
          {t.states[account.state]}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {/* A run that succeeded is a run, even when only its success was recorded (the demo's). */}
        <Field label={t.lastRun} value={when(account.lastRunAt ?? account.lastSuccessAt, t.never)} />
        <Field label={t.nextRun} value={when(account.nextRunAt, t.notScheduled)} />
        <Field label={t.rowsSynced} value={account.rowsSynced.toLocaleString('en-US')} />
        <Field label={t.syncedFrom} value={account.syncedFrom ? formatDay(account.syncedFrom) : '—'} />
      </SimpleGrid>
      {account.state === 'RUNNING' && (
        <Progress
          mt="xs"
          size="sm"
          animated
          value={account.progress ?? 0}
          aria-label={interpolate(t.progress, { name: account.name })}
        />
      )}
      {account.error && (
        <Text size="sm" c="var(--mantine-color-error)" mt="xs">
          {account.error}
        </Text>
      )}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
