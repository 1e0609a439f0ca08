import {
  type Asset,
  commonMessages,
  integrationsMessages,
  interpolate,
  NOTIFICATION_TIMEOUT_MS,
  PUBLISH_MAX_ENTITIES,
} from '@hookline/contract';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '@/config/paths';
import { integrationsTexts } from '@/config/texts/integrations';
import { appModals } from '@/lib/app-modals';
import { buildLink } from '@/lib/link-builder';
import { navigateTo } from '@/lib/navigation';
import { showErrorToast } from '@/lib/notify';
import {
  findMetaIntegration,
  getIntegrations,
  type IntegrationItem,
  type IntegrationScope,
  isLiveMetaConnection,
} from '../api';
import { publishToMeta, trackPublish } from '../publish';

const t = integrationsTexts.upload;

/** The loading notice shows only when the answer takes a moment (no flash before a dialog). */
const LOADING_DELAY_MS = 250;

let sequence = 0;

/**
 * Upload to Meta (001 §4 "Upload to Meta flow"): loading, then the ad-account picker; or,
 * without a Meta connection, a prompt to connect it; or, connected without a default ad
 * account, the 'integration incomplete' warning toast (5 s). Uploading starts the publish
 * job and its progress notice. The dialogs open through the modals manager: the library
 * renders nothing for them.
 */
export async function startUploadToMeta(
  scope: IntegrationScope,
  items: readonly Pick<Asset, 'id' | 'library'>[],
): Promise<'connect' | 'incomplete' | 'picker' | 'refused'> {
  if (items.length > PUBLISH_MAX_ENTITIES) {
    showErrorToast({
      message: interpolate(integrationsMessages.tooManyVideos, { count: PUBLISH_MAX_ENTITIES }),
    });
    return 'refused';
  }
  sequence += 1;
  const loadingId = `upload-to-meta-loading-${sequence}`;
  const timer = setTimeout(
    () => notifications.show({ id: loadingId, loading: true, message: t.loading, autoClose: false }),
    LOADING_DELAY_MS,
  );
  let list: IntegrationItem[];
  try {
    list = await getIntegrations(scope);
  } catch {
    // The list is read quietly: give the default toast.
    showErrorToast();
    return 'refused';
  } finally {
    clearTimeout(timer);
    notifications.hide(loadingId);
  }

  const meta = findMetaIntegration(list);
  if (!meta || !isLiveMetaConnection(meta)) {
    const modalId = appModals.open({
      title: <Text fw={600}>{t.connectTitle}</Text>,
      centered: true,
      children: <ConnectPrompt onClose={() => appModals.close(modalId)} />,
    });
    return 'connect';
  }
  if (!meta.metadata.adAccountId) {
    notifications.show({
      color: 'yellow',
      message: integrationsMessages.incomplete,
      autoClose: NOTIFICATION_TIMEOUT_MS,
    });
    return 'incomplete';
  }
  const modalId = appModals.open({
    title: <Text fw={600}>{t.pickerTitle}</Text>,
    centered: true,
    // Wide enough for 'name · act_… · Default for publishing' in the select.
    size: 520,
    children: (
      <AccountPicker
        scope={scope}
        ids={items.map((item) => item.id)}
        library={items[0]?.library ?? 'BRAND'}
        integration={meta}
        onClose={() => appModals.close(modalId)}
      />
    ),
  });
  return 'picker';
}

function ConnectPrompt({ onClose }: { onClose: () => void }) {
  return (
    <Stack gap="md" data-testid="upload-to-meta-connect">
      <Text size="sm" c="dimmed">
        {t.connectText}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {commonMessages.cancel}
        </Button>
        <Button
          onClick={() => {
            onClose();
            navigateTo(buildLink(paths.settingsIntegrations.getHref()));
          }}
        >
          {t.openIntegrations}
        </Button>
      </Group>
    </Stack>
  );
}

function AccountPicker({
  scope,
  ids,
  library,
  integration,
  onClose,
}: {
  scope: IntegrationScope;
  ids: string[];
  library: Asset['library'];
  integration: IntegrationItem;
  onClose: () => void;
}) {
  const accounts = integration.metadata.adAccounts.filter((account) => account.enabled && !account.deleted);
  const preferred = integration.metadata.adAccountId;
  const [adAccountId, setAdAccountId] = useState<string | null>(
    accounts.find((account) => account.id === preferred)?.id ?? accounts[0]?.id ?? null,
  );
  const publish = useMutation({
    mutationFn: (accountId: string) =>
      publishToMeta(scope, {
        adAccountId: accountId,
        entityIds: ids,
        library,
        brandId: scope.brandId,
        platform: 'FACEBOOK',
      }),
    onSuccess: (job) => {
      onClose();
      void trackPublish(job, ids.length);
    },
  });

  return (
    <form
      data-testid="upload-to-meta-picker"
      onSubmit={(event) => {
        event.preventDefault();
        if (adAccountId && !publish.isPending) publish.mutate(adAccountId);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {ids.length === 1 ? t.pickerTextOne : interpolate(t.pickerTextMany, { count: ids.length })}
        </Text>
        {accounts.length === 0 ? (
          // The warning's colour is the icon's: orange text on white stays under 4.5:1.
          <Group gap={6} align="flex-start" wrap="nowrap">
            <IconAlertTriangle
              size={16}
              stroke={1.75}
              color="var(--mantine-color-orange-7)"
              style={{ flexShrink: 0, marginTop: 2 }}
              aria-hidden
            />
            <Text size="sm">{t.noEnabledAccount}</Text>
          </Group>
        ) : (
          <Select
            label={t.adAccount}
            data={accounts.map((account) => ({
              value: account.id,
              label: [
                account.name,
                account.id,
                account.id === preferred ? integrationsTexts.adAccounts.defaultForPublishing : null,
              ]
                .filter(Boolean)
                .join(' · '),
            }))}
            value={adAccountId}
            onChange={setAdAccountId}
            allowDeselect={false}
            data-autofocus
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" disabled={!adAccountId} loading={publish.isPending}>
            {t.upload}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
