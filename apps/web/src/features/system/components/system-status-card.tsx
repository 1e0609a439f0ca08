import { commonMessages, errorMessages } from '@hookline/contract';
import { ActionIcon, Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { Hint } from '@/components/hint';
import { appTexts } from '@/config/texts/app';
import { formatUptime } from '@/lib/format';
import { useHealth } from '../api/get-health';
import { StatusRow } from './status-row';

const t = appTexts.overview;

type StatusValue = keyof typeof t.statuses;
const statusColor: Record<StatusValue, string> = {
  ok: 'teal',
  up: 'teal',
  degraded: 'orange',
  down: 'red',
  disabled: 'gray',
};

function StatusBadge({ status }: { status: StatusValue }) {
  return (
    <Badge variant="dot" color={statusColor[status]} size="md" radius="sm" tt="none" fw={500}>
      {t.statuses[status]}
    </Badge>
  );
}

const ROW_LABELS = [t.api, t.database, t.queue, t.version, t.role, t.uptime];

/** The real state of the server (GET /api/health), with loading, error and retry. */
export function SystemStatusCard() {
  const health = useHealth();

  return (
    <Card data-testid="system-status-card">
      <Group justify="space-between" mb="sm" mih={28} wrap="nowrap">
        <Title order={2} size="h4">
          {t.systemStatus}
        </Title>
        <Hint label={commonMessages.retry}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={commonMessages.retry}
            onClick={() => void health.refetch()}
            loading={health.isFetching}
          >
            <IconRefresh size={16} stroke={1.75} />
          </ActionIcon>
        </Hint>
      </Group>

      {health.isPending ? (
        <Stack gap={0} aria-busy="true" aria-label={commonMessages.loading}>
          {ROW_LABELS.map((label) => (
            <StatusRow key={label} label={label}>
              <Skeleton height={16} width={96} radius="sm" />
            </StatusRow>
          ))}
        </Stack>
      ) : health.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={t.statusLoadFailed}
          data-testid="system-status-error"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessages.content}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void health.refetch()}
              loading={health.isFetching}
            >
              {commonMessages.retry}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap={0}>
          <StatusRow label={t.api}>
            <StatusBadge status={health.data.status} />
          </StatusRow>
          <StatusRow label={t.database}>
            <Text size="sm">{t.databaseDrivers[health.data.database.driver]}</Text>
            <StatusBadge status={health.data.database.status} />
          </StatusRow>
          <StatusRow label={t.queue}>
            <StatusBadge status={health.data.queue.status} />
          </StatusRow>
          <StatusRow label={t.version}>
            <Text size="sm" ff="monospace">
              {health.data.version}
            </Text>
          </StatusRow>
          <StatusRow label={t.role}>
            <Text size="sm">{t.roles[health.data.role]}</Text>
          </StatusRow>
          <StatusRow label={t.uptime}>
            <Text size="sm">{formatUptime(health.data.uptimeSeconds)}</Text>
          </StatusRow>
        </Stack>
      )}
    </Card>
  );
}
