import type { AnalysisStatus } from '@hookline/contract';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { CapabilityOffHint } from './capability-off-hint';

/**
 * A tab's analysis status when it has nothing to show yet (the transcript, the creative
 * clips): a loader while it runs, the status text, and how to turn it on when it is off.
 */
export function AnalysisStatusLine({
  status,
  message,
  testId,
}: {
  status: AnalysisStatus | null;
  message: string;
  testId: string;
}) {
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" data-testid={testId}>
        {(status === 'PENDING' || status === 'PROCESSING') && <Loader size="xs" />}
        <Text size="sm" c="dimmed">
          {message}
        </Text>
      </Group>
      <CapabilityOffHint status={status} />
    </Stack>
  );
}
