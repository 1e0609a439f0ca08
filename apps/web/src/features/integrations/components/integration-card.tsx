import {
  commonMessages,
  INTEGRATION_LEVEL,
  type IntegrationVendor,
  integrationsMessages,
  interpolate,
} from '@hookline/contract';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Menu, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Hint } from '@/components/hint';
import { paths } from '@/config/paths';
import { integrationsTexts } from '@/config/texts/integrations';
import type { IntegrationItem, IntegrationScope } from '@/entities/integration/api';
import { appModals } from '@/lib/app-modals';
import { useLinkBuilder } from '@/lib/link-builder';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteIntegration } from '../api/delete-integration';
import { useAuthInfo } from '../api/get-auth-info';
import { listVariables } from '../utils/list-variables';
import { README_META_APP_URL } from '../utils/meta-connect';
import { ConnectModal } from './connect-modal';
import { VendorIcon } from './vendor-icon';

const t = integrationsTexts;

export interface IntegrationCardProps {
  vendor: IntegrationVendor;
  scope: IntegrationScope;
  /** The vendor's integration in this brand (or the caller's own), if any. */
  integration: IntegrationItem | null;
  loadingIntegration: boolean;
}

/**
 * One vendor on Settings → Integrations (001 §2): its mark, name and what it does, the level
 * (account or user), the connected state, and Connect behind a confirmation. Only user-level
 * connections have a disconnect menu; Meta's card links to its settings page. A vendor this
 * server is not configured for says so, with the variables to set.
 */
export function IntegrationCard({ vendor, scope, integration, loadingIntegration }: IntegrationCardProps) {
  const authInfoQuery = useAuthInfo(scope, vendor);
  const authInfo = authInfoQuery.data;
  const loading = loadingIntegration || authInfoQuery.isPending;
  const link = useLinkBuilder();
  const [connecting, setConnecting] = useState(false);
  const level = INTEGRATION_LEVEL[vendor];
  const name = t.vendors[vendor].name;
  const connected = Boolean(integration?.isConnected);
  const isDemo = Boolean(integration?.isDemo);
  const configured = authInfo?.configured ?? false;
  // Configured, but no link to connect with: the caller may not connect (members).
  const mayConnect = Boolean(authInfo?.authorizationUrl);
  const showConnect = !connected || isDemo;
  const blockedReason = !configured ? null : mayConnect ? null : integrationsMessages.askAdmin;

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`integration-card-${vendor.toLowerCase()}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <VendorIcon vendor={vendor} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Text fw={600}>{t.vendors[vendor].cardName}</Text>
              <Hint label={t.levelHints[level]}>
                <Badge variant="light" color="gray" size="sm" tt="none" radius="sm">
                  {t.levels[level]}
                </Badge>
              </Hint>
            </Group>
            <Text size="sm" c="dimmed">
              {t.vendors[vendor].description}
            </Text>
            {!loading && connected && (
              <Group gap="xs" mt={4}>
                <Badge variant="dot" color={isDemo ? 'orange' : 'teal'} tt="none" fw={500} radius="sm">
                  {isDemo ? t.demo : t.connected}
                </Badge>
                {!isDemo && integration?.metadata.user && (
                  <Text size="sm" c="dimmed">
                    {interpolate(t.connectedAs, { name: integration.metadata.user.name })}
                  </Text>
                )}
              </Group>
            )}
            {!loading && isDemo && (
              <Text size="xs" c="dimmed">
                {t.demoHint}
              </Text>
            )}
            {!loading && authInfo && !configured && (
              // The warning's colour is the icon's: orange text on white stays under 4.5:1.
              <Group gap={6} align="flex-start" wrap="nowrap" mt={4} data-testid="not-configured">
                <IconAlertTriangle
                  size={16}
                  stroke={1.75}
                  color="var(--mantine-color-orange-7)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                  aria-hidden
                />
                <Text size="sm">
                  {interpolate(integrationsMessages.vendorNotConfigured, { vendor: name })}.{' '}
                  {authInfo.requiredVariables.length > 0 &&
                    interpolate(t.setVariables, {
                      variables: listVariables(authInfo.requiredVariables),
                    })}{' '}
                  {vendor === 'FACEBOOK' && (
                    <Anchor href={README_META_APP_URL} target="_blank" rel="noopener noreferrer" size="sm">
                      {t.howToConfigure}
                    </Anchor>
                  )}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>

        <Group gap="xs" wrap="nowrap">
          {loading ? (
            <Skeleton h={30} w={88} />
          ) : (
            showConnect && (
              <Hint label={blockedReason} disabled={!blockedReason}>
                <Button
                  // The demo's card offers Connect too: the real connection is still the next step.
                  variant={connected && !isDemo ? 'default' : 'filled'}
                  // data-disabled (not disabled) keeps the tooltip's hover and focus.
                  data-disabled={!configured || blockedReason ? true : undefined}
                  aria-disabled={!configured || blockedReason ? true : undefined}
                  onClick={() => configured && !blockedReason && setConnecting(true)}
                >
                  {t.connect}
                </Button>
              </Hint>
            )
          )}
          {vendor === 'FACEBOOK' && (
            <Hint label={interpolate(t.openSettings, { vendor: name })}>
              <ActionIcon
                component={Link}
                to={link(paths.settingsMetaIntegration.getHref())}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={interpolate(t.openSettings, { vendor: name })}
              >
                <IconSettings size={18} stroke={1.75} />
              </ActionIcon>
            </Hint>
          )}
          {level === 'USER' && connected && integration && (
            <UserIntegrationMenu scope={scope} integration={integration} vendorName={name} />
          )}
        </Group>
      </Group>
      <ConnectModal
        vendor={vendor}
        scope={scope}
        opened={connecting}
        onClose={() => setConnecting(false)}
        offerRemoveDemo={isDemo}
      />
    </Card>
  );
}

/** Only user-level integrations are disconnected from a menu (001 §6). */
function UserIntegrationMenu({
  scope,
  integration,
  vendorName,
}: {
  scope: IntegrationScope;
  integration: IntegrationItem;
  vendorName: string;
}) {
  const remove = useDeleteIntegration();
  const confirm = () =>
    appModals.openConfirmModal({
      title: <Text fw={600}>{interpolate(t.disconnectTitle, { vendor: vendorName })}</Text>,
      centered: true,
      children: (
        <Text size="sm" c="dimmed">
          {interpolate(t.disconnectUserText, { vendor: vendorName })}
        </Text>
      ),
      labels: { confirm: t.disconnect, cancel: commonMessages.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { scope, id: integration.id, level: 'USER' },
          { onSuccess: () => showSuccessToast(integrationsMessages.disconnected) },
        ),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          loading={remove.isPending}
          aria-label={interpolate(t.actions, { vendor: vendorName })}
        >
          <IconDots size={18} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red" onClick={confirm}>
          {t.disconnect}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
