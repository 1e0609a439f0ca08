import {
  commonMessages,
  type IntegrationVendor,
  integrationsMessages,
  interpolate,
} from '@hookline/contract';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { integrationsTexts } from '@/config/texts/integrations';
import type { IntegrationScope } from '@/entities/integration/api';
import { showErrorToast } from '@/lib/notify';
import { authInfoQueryOptions } from '../api/get-auth-info';
import { goToAuthorization, rememberMetaConnect, warnIntegration } from '../utils/meta-connect';

const t = integrationsTexts;

/** The authorization URL's state lives 10 minutes: one older than a minute is fetched afresh. */
const FRESH_AUTH_INFO_MS = 60_000;
const POPUP_FEATURES = 'width=640,height=640';

export interface ConnectModalProps {
  vendor: IntegrationVendor;
  scope: IntegrationScope;
  opened: boolean;
  onClose: () => void;
  /** The brand has the demo integration: offer to remove its demo ad account. */
  offerRemoveDemo?: boolean;
}

/**
 * Connect, after a confirmation (001 §2, §4 Integration): Meta sends the whole window to its
 * authorization page (and may remove the demo ad account on the way back); Drive and Dropbox
 * open a 640×640 window.
 */
export function ConnectModal({ vendor, scope, opened, onClose, offerRemoveDemo = false }: ConnectModalProps) {
  const queryClient = useQueryClient();
  const [removeDemo, setRemoveDemo] = useState(true);
  const [pending, setPending] = useState(false);
  const name = t.vendors[vendor].name;

  const connect = async () => {
    setPending(true);
    try {
      const info = await queryClient.fetchQuery({
        ...authInfoQueryOptions(scope, vendor),
        staleTime: FRESH_AUTH_INFO_MS,
      });
      if (!info.configured) {
        showErrorToast({ message: interpolate(integrationsMessages.vendorNotConfigured, { vendor: name }) });
      } else if (!info.clientId) {
        warnIntegration(t.meta.missingClientId, { vendor });
      } else if (!info.authorizationUrl) {
        notifications.show({ color: 'yellow', message: integrationsMessages.askAdmin });
      } else if (vendor === 'FACEBOOK') {
        rememberMetaConnect({ ...scope, removeDemo: offerRemoveDemo && removeDemo });
        goToAuthorization(info.authorizationUrl);
        return;
      } else {
        window.open(info.authorizationUrl, `${vendor.toLowerCase()}-authorization`, POPUP_FEATURES);
      }
      onClose();
    } catch {
      // The auth-info call is silent: give the default toast.
      showErrorToast();
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={<Text fw={600}>{interpolate(t.connectTitle, { vendor: name })}</Text>}
      data-testid="connect-modal"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {vendor === 'FACEBOOK' ? t.connectMetaText : interpolate(t.connectUserText, { vendor: name })}
        </Text>
        {vendor === 'FACEBOOK' && offerRemoveDemo && (
          <Checkbox
            label={t.removeDemo}
            description={t.removeDemoHint}
            checked={removeDemo}
            onChange={(event) => setRemoveDemo(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {commonMessages.cancel}
          </Button>
          <Button loading={pending} onClick={() => void connect()} data-autofocus>
            {vendor === 'FACEBOOK' ? t.continueToMeta : t.continue}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
