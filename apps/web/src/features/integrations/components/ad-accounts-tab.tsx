import {
  formatDate,
  integrationsMessages,
  interpolate,
  META_ACCOUNT_STATUS,
  type MetaAdAccount,
  type UpdateIntegrationBody,
} from '@hookline/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { integrationsTexts } from '@/config/texts/integrations';
import type { IntegrationItem, IntegrationScope } from '@/entities/integration/api';
import { useAllocation } from '@/entities/usage/get-usage';
import { showSuccessToast } from '@/lib/notify';
import { useUpdateIntegration } from '../api/update-integration';
import { dayOf, isInWindow, syncMonths, syncWindow, toSyncTimestamp } from '../utils/sync-window';

const t = integrationsTexts.adAccounts;

function statusOf(account: MetaAdAccount): { label: string; color: string } {
  if (account.deleted) return { label: t.deleted, color: 'red' };
  const label =
    (account.accountStatus !== null ? META_ACCOUNT_STATUS[account.accountStatus] : undefined) ??
    t.unknownStatus;
  if (account.disabled) return { label, color: 'red' };
  return {
    label,
    color: account.accountStatus === 1 ? 'teal' : account.accountStatus === null ? 'gray' : 'orange',
  };
}

function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/** What the page saved last; the tab starts from it (remounted when it changes). */
export function savedAdAccountSettings(integration: IntegrationItem) {
  return {
    enabled: integration.metadata.adAccounts.filter((a) => a.enabled).map((a) => a.id),
    adAccountId: integration.metadata.adAccountId,
    syncStart: dayOf(integration.settings.syncStartTimestampUtc),
  };
}

/**
 * The ad accounts tab (001 §2): which ad accounts sync (a warning while some do not), the
 * default one for publishing (among the enabled), and the sync start date within the plan's
 * months. Admins save; members read.
 */
export function AdAccountsTab({
  scope,
  integration,
  canManage,
}: {
  scope: IntegrationScope;
  integration: IntegrationItem;
  canManage: boolean;
}) {
  const accounts = integration.metadata.adAccounts;
  const saved = useMemo(() => savedAdAccountSettings(integration), [integration]);
  const allocation = useAllocation(scope.accountId);
  const months = syncMonths(allocation.data?.adPlatformSyncMonthsCount);
  const range = useMemo(() => syncWindow(months), [months]);
  const [enabled, setEnabled] = useState<Set<string>>(() => new Set(saved.enabled));
  const [defaultId, setDefaultId] = useState<string | null>(saved.adAccountId);
  /** The day the user typed; until then the saved one (or the default, 3 months back). */
  const [editedStart, setEditedStart] = useState<string | null>(null);
  const savedStart = saved.syncStart ?? range.defaultDay;
  const syncStart = editedStart ?? savedStart;
  const update = useUpdateIntegration();

  const toggle = (account: MetaAdAccount, on: boolean) => {
    const next = new Set(enabled);
    if (on) next.add(account.id);
    else next.delete(account.id);
    setEnabled(next);
    if (on && !defaultId) setDefaultId(account.id);
    if (!on && defaultId === account.id)
      setDefaultId(accounts.find((a) => a.id !== account.id && next.has(a.id))?.id ?? null);
  };

  const enabledChanged = !sameIds(enabled, new Set(saved.enabled));
  const defaultChanged = defaultId !== saved.adAccountId;
  const syncChanged = editedStart !== null && editedStart !== savedStart;
  const syncValid = editedStart === null || isInWindow(editedStart, range);
  const dirty = enabledChanged || defaultChanged || syncChanged;
  const notAllEnabled = accounts.some((a) => !a.deleted && !enabled.has(a.id));

  const save = () => {
    const body: UpdateIntegrationBody = {};
    if (enabledChanged) body.enabledAdAccountIds = accounts.filter((a) => enabled.has(a.id)).map((a) => a.id);
    if (defaultChanged) body.adAccountId = defaultId;
    if (syncChanged) body.syncStartTimestampUtc = toSyncTimestamp(syncStart);
    update.mutate(
      { scope, id: integration.id, body },
      { onSuccess: () => showSuccessToast(integrationsMessages.saved) },
    );
  };

  if (accounts.length === 0) {
    return (
      <Card withBorder radius="md">
        <EmptyState icon={<IconAlertCircle size={28} />} title={t.emptyTitle} text={t.emptyText} />
      </Card>
    );
  }

  return (
    <Stack gap="md">
      {notAllEnabled && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={t.chooseTitle}
          // The title in the text colour: yellow on the light yellow ground reads under 4.5:1.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {t.chooseText}
        </Alert>
      )}
      <Card withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="ad-accounts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>{t.sync}</Table.Th>
                <Table.Th>{t.account}</Table.Th>
                <Table.Th>{t.status}</Table.Th>
                <Table.Th>{t.currency}</Table.Th>
                <Table.Th ta="center">{t.defaultForPublishing}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((account) => {
                const status = statusOf(account);
                const on = enabled.has(account.id);
                return (
                  <Table.Tr key={account.id} data-testid="ad-account-row">
                    <Table.Td>
                      <Checkbox
                        checked={on}
                        disabled={!canManage || (account.deleted && !on)}
                        onChange={(event) => toggle(account, event.currentTarget.checked)}
                        aria-label={interpolate(t.enable, { name: account.name })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {account.name}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {account.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {/* A dot badge: coloured labels on a light ground stay under 4.5:1. */}
                      <Badge variant="dot" color={status.color} tt="none" fw={500} radius="sm">
                        {status.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{account.currency ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="center">
                        <Radio
                          name="default-ad-account"
                          value={account.id}
                          checked={defaultId === account.id}
                          disabled={!canManage || !on}
                          onChange={() => setDefaultId(account.id)}
                          aria-label={interpolate(t.makeDefault, { name: account.name })}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" align="flex-end" px="md" py="md" wrap="wrap" gap="md">
          <TextInput
            type="date"
            label={t.syncStart}
            description={months === 1 ? t.syncStartHelpOne : interpolate(t.syncStartHelp, { count: months })}
            value={syncStart}
            min={range.min}
            max={range.max}
            disabled={!canManage}
            onChange={(event) => setEditedStart(event.currentTarget.value)}
            error={
              syncValid
                ? undefined
                : interpolate(integrationsMessages.syncStartWindow, {
                    from: formatDate(new Date(`${range.min}T00:00:00`)),
                  })
            }
            w={240}
          />
          {canManage && (
            <Button onClick={save} disabled={!dirty || !syncValid} loading={update.isPending}>
              {t.save}
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}
