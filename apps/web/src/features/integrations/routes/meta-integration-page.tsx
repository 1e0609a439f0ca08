import {
  commonMessages,
  integrationsMessages,
  interpolate,
  type MetaSettingsTab,
  metaSettingsTabs,
} from '@hookline/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPlugConnectedX, IconRefresh, IconUnlink } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { paths } from '@/config/paths';
import { integrationsTexts } from '@/config/texts/integrations';
import { useActiveBrand } from '@/entities/brand';
import { type IntegrationItem, type IntegrationScope, useMetaIntegration } from '@/entities/integration/api';
import { isAccountAdmin, useProfile } from '@/entities/profile';
import { appModals } from '@/lib/app-modals';
import { useLinkBuilder } from '@/lib/link-builder';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteIntegration } from '../api/delete-integration';
import { useRefreshIntegration } from '../api/refresh-integration';
import { AdAccountsTab, savedAdAccountSettings } from '../components/ad-accounts-tab';
import { AdExportImportCard } from '../components/ad-export-import-card';
import { IssuesTab } from '../components/issues-tab';
import { MetaMark } from '../components/meta-mark';
import { PagesTab } from '../components/pages-tab';
import { SyncStatusPanel } from '../components/sync-status-panel';
import { useMetaReturn } from '../hooks/use-meta-return';

const t = integrationsTexts;
const TAB_PARAM = 'tab';
const DEFAULT_TAB: MetaSettingsTab = metaSettingsTabs[0];

function isTab(value: string | null): value is MetaSettingsTab {
  return (metaSettingsTabs as readonly (string | null)[]).includes(value);
}

/**
 * /settings/integrations/facebook (001 §2): Meta's return from its authorization, then the
 * connection's settings: who connected it, refresh and disconnect (admins), and the tabs ad
 * accounts (default), Pages and issues, kept in `?tab=` (the default left out).
 */
export function MetaIntegrationPage() {
  const { connecting } = useMetaReturn();
  if (connecting) {
    return (
      <Center mih={240} role="status" data-testid="meta-connecting">
        <Stack align="center" gap="sm">
          <Loader size="md" />
          <Text size="sm" c="dimmed">
            {t.meta.connecting}
          </Text>
        </Stack>
      </Center>
    );
  }
  return <MetaSettings />;
}

function useTab(): [MetaSettingsTab, (tab: MetaSettingsTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const tab = isTab(raw) ? raw : DEFAULT_TAB;
  // The default tab is left out of the URL; an unknown one is replaced by it.
  const normalise = raw !== null && (!isTab(raw) || raw === DEFAULT_TAB);
  useEffect(() => {
    if (!normalise) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TAB_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [normalise, setParams]);
  const select = (next: MetaSettingsTab) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === DEFAULT_TAB) updated.delete(TAB_PARAM);
      else updated.set(TAB_PARAM, next);
      return updated;
    });
  return [tab, select];
}

function MetaSettings() {
  const brand = useActiveBrand();
  const scope = useMemo<IntegrationScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const profile = useProfile();
  const canManage = isAccountAdmin(profile);
  const meta = useMetaIntegration(scope);
  const [tab, selectTab] = useTab();
  const link = useLinkBuilder();

  const back = (
    <Anchor component={Link} to={link(paths.settingsIntegrations.getHref())} size="sm" c="dimmed">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} />
        {t.meta.back}
      </Group>
    </Anchor>
  );

  if (meta.isError) {
    return (
      <Stack gap="md">
        {back}
        <LoadFailedAlert title={t.loadFailed} onRetry={() => void meta.refetch()} />
      </Stack>
    );
  }
  if (meta.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label={commonMessages.loading}>
        {back}
        <Skeleton h={56} />
        <Skeleton h={36} w="50%" />
        <Skeleton h={240} />
      </Stack>
    );
  }
  const integration = meta.data;
  if (!integration?.isConnected) {
    return (
      <Stack gap="md">
        {back}
        <Card withBorder radius="md">
          <EmptyState
            testId="meta-not-connected"
            icon={<IconPlugConnectedX size={28} />}
            title={t.meta.notConnectedTitle}
            text={t.meta.notConnectedText}
            action={
              <Button component={Link} to={link(paths.settingsIntegrations.getHref())} size="xs" mt="xs">
                {t.meta.openIntegrations}
              </Button>
            }
          />
        </Card>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="meta-settings">
      {back}
      <MetaHeader scope={scope} integration={integration} canManage={canManage} />
      <Tabs value={tab} onChange={(value) => isTab(value) && selectTab(value)} keepMounted={false}>
        <Tabs.List aria-label={t.meta.tabsLabel} mb="md">
          {metaSettingsTabs.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={
                value === 'issues' && integration.integrationIssues.length > 0 ? (
                  <Badge size="sm" color="red.8" variant="filled" circle>
                    {integration.integrationIssues.length}
                  </Badge>
                ) : undefined
              }
            >
              {t.meta.tabs[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="adAccounts">
          <Stack gap="md">
            <AdAccountsTab
              // A saved (or refreshed) connection starts the form afresh.
              key={JSON.stringify(savedAdAccountSettings(integration))}
              scope={scope}
              integration={integration}
              canManage={canManage}
            />
            <SyncStatusPanel scope={scope} integrationId={integration.id} canManage={canManage} />
            {canManage && <AdExportImportCard scope={scope} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pages">
          <PagesTab pages={integration.metadata.pages} />
        </Tabs.Panel>
        <Tabs.Panel value="issues">
          <IssuesTab scope={scope} integration={integration} canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function MetaHeader({
  scope,
  integration,
  canManage,
}: {
  scope: IntegrationScope;
  integration: IntegrationItem;
  canManage: boolean;
}) {
  const refresh = useRefreshIntegration();
  const remove = useDeleteIntegration();
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const user = integration.metadata.user;

  const confirmDisconnect = () =>
    appModals.openConfirmModal({
      title: <Text fw={600}>{interpolate(t.disconnectTitle, { vendor: t.vendors.FACEBOOK.name })}</Text>,
      centered: true,
      children: (
        <Text size="sm" c="dimmed">
          {t.disconnectMetaText}
        </Text>
      ),
      labels: { confirm: t.disconnect, cancel: commonMessages.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-disconnect' } as Record<string, string>,
      onConfirm: () =>
        remove.mutate(
          { scope, id: integration.id, level: 'ACCOUNT' },
          {
            onSuccess: () => {
              showSuccessToast(integrationsMessages.disconnected);
              navigate(link(paths.settingsIntegrations.getHref()));
            },
          },
        ),
    });

  return (
    <Card withBorder radius="md">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={44} radius="md" variant="light" color="blue" aria-hidden>
            <MetaMark size={24} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {t.meta.title}
              </Title>
              {integration.isDemo && (
                // A dot badge, as on the Integrations card: its label keeps the text colour.
                <Badge variant="dot" color="orange" tt="none" fw={500} radius="sm">
                  {t.demo}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {integration.isDemo
                ? t.demoHint
                : user
                  ? interpolate(t.connectedAs, { name: user.name })
                  : t.connected}
            </Text>
            {!canManage && (
              <Text size="xs" c="dimmed">
                {t.meta.readOnly}
              </Text>
            )}
          </div>
        </Group>
        {canManage && (
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} stroke={1.75} />}
              loading={refresh.isPending}
              onClick={() =>
                refresh.mutate(
                  { scope, id: integration.id },
                  { onSuccess: () => showSuccessToast(integrationsMessages.refreshed) },
                )
              }
            >
              {t.meta.refresh}
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconUnlink size={16} stroke={1.75} />}
              loading={remove.isPending}
              onClick={confirmDisconnect}
            >
              {t.disconnect}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
