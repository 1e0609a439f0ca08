import {
  formatDate,
  type IntegrationIssue,
  type IntegrationIssueCode,
  integrationsMessages,
  interpolate,
} from '@hookline/contract';
import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Hint } from '@/components/hint';
import { integrationsTexts } from '@/config/texts/integrations';
import type { IntegrationItem, IntegrationScope } from '@/entities/integration/api';
import { saveIssueCount } from '@/entities/integration/issue-count';
import { openUpgradePrompt } from '@/lib/upgrade-prompt-store';
import { META_BUSINESS_HELP_URL } from '../utils/meta-connect';
import { ConnectModal } from './connect-modal';

const t = integrationsTexts.issues;

type IssueAction = 'help' | 'settings' | 'reconnect' | 'upgrade';

/** What each code offers (001 §8): a help link, Meta's settings, reconnecting, or an upgrade. */
const ACTIONS: Record<IntegrationIssueCode, IssueAction[]> = {
  MISSING_PERMISSIONS_ON_ACTOR: ['help', 'settings'],
  MISSING_PERMISSIONS_TO_MANAGE_ACTOR: ['help', 'settings'],
  INVALID_ACCESS_TOKEN: ['reconnect'],
  ADS_COUNT_LIMIT_EXCEEDED: ['upgrade'],
  ASSETS_COUNT_LIMIT_EXCEEDED: ['upgrade'],
  UNKNOWN_ERROR: ['help'],
};

/** Any code this client does not know reads as the unknown error. */
function known(code: string): IntegrationIssueCode {
  return code in ACTIONS ? (code as IntegrationIssueCode) : 'UNKNOWN_ERROR';
}

/** 'Page Demo Brand Skincare' when the connection knows the Page (or ad account), else its id. */
function actorLabel(actorId: string, integration: IntegrationItem): string {
  if (actorId.startsWith('act_')) {
    const account = integration.metadata.adAccounts.find((a) => a.id === actorId);
    return interpolate(t.adAccount, { id: account?.name ?? actorId });
  }
  const page = integration.metadata.pages.find((p) => p.id === actorId);
  return interpolate(t.page, { id: page?.name ?? actorId });
}

/**
 * The open issues Meta reported (001 §8), one card each with what to do. Viewing the tab
 * saves the open count, which hides the analytics banner until it changes.
 */
export function IssuesTab({
  scope,
  integration,
  canManage,
}: {
  scope: IntegrationScope;
  integration: IntegrationItem;
  canManage: boolean;
}) {
  const issues = integration.integrationIssues;
  const [reconnecting, setReconnecting] = useState(false);
  useEffect(() => {
    saveIssueCount(issues.length);
  }, [issues.length]);

  if (issues.length === 0) {
    return (
      <Card withBorder radius="md">
        <EmptyState
          icon={<IconCircleCheck size={28} />}
          title={t.emptyTitle}
          text={t.emptyText}
          testId="issues-empty"
        />
      </Card>
    );
  }
  return (
    <Stack gap="sm" data-testid="issues-list">
      {issues.map((issue) => (
        <IssueCard
          key={issue.id}
          issue={issue}
          integration={integration}
          portalUrl={integration.settings.portalUrl}
          canManage={canManage}
          onReconnect={() => setReconnecting(true)}
        />
      ))}
      <ConnectModal
        vendor="FACEBOOK"
        scope={scope}
        opened={reconnecting}
        onClose={() => setReconnecting(false)}
        offerRemoveDemo={integration.isDemo}
      />
    </Stack>
  );
}

function IssueCard({
  issue,
  integration,
  portalUrl,
  canManage,
  onReconnect,
}: {
  issue: IntegrationIssue;
  integration: IntegrationItem;
  portalUrl: string | null;
  canManage: boolean;
  onReconnect: () => void;
}) {
  const code = known(issue.code);
  const text = t.codes[code];
  const link = { component: 'a', target: '_blank', rel: 'noopener noreferrer' } as const;
  const actions = ACTIONS[code].map((action) => {
    switch (action) {
      case 'help':
        return (
          <Button
            key={action}
            {...link}
            href={META_BUSINESS_HELP_URL}
            size="xs"
            variant="default"
            rightSection={<IconExternalLink size={14} />}
          >
            {t.help}
          </Button>
        );
      case 'settings':
        return portalUrl ? (
          <Button
            key={action}
            {...link}
            href={portalUrl}
            size="xs"
            variant="default"
            rightSection={<IconExternalLink size={14} />}
          >
            {t.settings}
          </Button>
        ) : null;
      case 'reconnect':
        return (
          <Hint key={action} label={integrationsMessages.askAdmin} disabled={canManage}>
            <Button
              size="xs"
              data-disabled={canManage ? undefined : true}
              aria-disabled={canManage ? undefined : true}
              onClick={() => canManage && onReconnect()}
            >
              {t.reconnect}
            </Button>
          </Hint>
        );
      case 'upgrade':
        return (
          <Button key={action} size="xs" onClick={() => openUpgradePrompt()}>
            {t.upgrade}
          </Button>
        );
      default:
        return null;
    }
  });

  return (
    <Card withBorder radius="md" data-testid="issue-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color="orange" radius="md" size="lg">
          <IconAlertTriangle size={18} stroke={1.75} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {text.title}
          </Text>
          <Text size="sm" c="dimmed">
            {text.text}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              issue.actorId ? actorLabel(issue.actorId, integration) : null,
              interpolate(t.since, { date: formatDate(issue.createdAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap="xs" mt={6}>
            {actions}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
