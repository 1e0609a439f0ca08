import type { AnalysisStatus } from '@hookline/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { analysisTexts as t } from '@/config/texts/analysis';
import { useAccessToken } from '@/lib/session';

/**
 * Where an analysis result would be but this server cannot make it (issue 15): where to see
 * how to turn it on, the AI provider card that names the settings. SKIPPED_UNQUALIFIED of the
 * features shown with this hint means a capability is off (for creative clips, also a
 * transcript without times: a transcription server setting too). A shared link's visitor
 * (not signed in) has no settings to go to and sees only the status.
 */
export function CapabilityOffHint({ status }: { status: AnalysisStatus | null }) {
  const signedIn = Boolean(useAccessToken());
  if (!signedIn || status !== 'SKIPPED_UNQUALIFIED') return null;
  return (
    <Text size="xs" c="dimmed" data-testid="capability-off-hint">
      {t.turnOnIn}{' '}
      <Anchor component={Link} to={paths.settingsIntegrations.getHref()} size="xs">
        {t.aiProviderSettings}
      </Anchor>
    </Text>
  );
}
