import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { appTexts } from '@/config/texts/app';

export interface JobProgressProps {
  /** 0–100; an indeterminate bar when not known. */
  percent?: number;
  message?: string;
  onCancel?: () => void;
  cancelling?: boolean;
}

/** Visible progress with a way to cancel, for long work (ui.md "Long work"). */
export function JobProgress({ percent, message, onCancel, cancelling }: JobProgressProps) {
  const known = typeof percent === 'number';
  return (
    <Stack gap={6} data-testid="job-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" truncate>
          {message || appTexts.job.running}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {known && (
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {Math.round(percent)}%
            </Text>
          )}
          {onCancel && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onCancel} loading={cancelling}>
              {appTexts.job.cancel}
            </Button>
          )}
        </Group>
      </Group>
      <Progress
        value={known ? percent : 100}
        animated={!known}
        striped={!known}
        size="sm"
        aria-label={message || appTexts.job.running}
      />
    </Stack>
  );
}
