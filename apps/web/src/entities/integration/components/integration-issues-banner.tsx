import { interpolate } from '@hookline/contract';
import { Alert, Anchor, CloseButton, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { integrationsTexts } from '@/config/texts/integrations';
import { useLinkBuilder } from '@/lib/link-builder';
import type { IntegrationScope } from '../api';
import { saveIssueCount, useIntegrationIssueCount } from '../issue-count';

const t = integrationsTexts.banner;

/**
 * The Creative Analytics banner about Meta integration issues (001 §2): shown while the open
 * issue count differs from the one the user last saw, with a link to the issues tab. Once
 * every issue is resolved the saved count follows, so a new issue shows the banner again.
 */
export function IntegrationIssuesBanner({ scope }: { scope: IntegrationScope }) {
  const { count, saved, changed } = useIntegrationIssueCount(scope);
  const link = useLinkBuilder();
  const resolved = count === 0 && saved !== 0;
  useEffect(() => {
    if (resolved) saveIssueCount(0);
  }, [resolved]);

  if (!changed || !count) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      icon={<IconAlertCircle size={18} stroke={1.75} />}
      data-testid="integration-issues-banner"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{count === 1 ? t.one : interpolate(t.many, { count })}</Text>
        <Group gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={link(paths.settingsMetaIntegration.getHref(), { tab: 'issues' })}
            size="sm"
            fw={600}
            // The theme's link blue on the light yellow alert reads below 4.5:1: dark text, underlined.
            c="dark.7"
            underline="always"
          >
            {t.view}
          </Anchor>
          <CloseButton size="sm" aria-label={t.dismiss} onClick={() => saveIssueCount(count)} />
        </Group>
      </Group>
    </Alert>
  );
}
