import { commonMessages, type Job } from '@hookline/contract';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';

/** The publish notice's body: what is uploading, its progress, and Cancel. */
export function PublishProgress({ text, job, onCancel }: { text: string; job: Job; onCancel: () => void }) {
  const percent = job.progress?.percent;
  return (
    <Stack gap={6}>
      <Text size="sm">{text}</Text>
      {percent !== undefined && (
        <Progress value={percent} size="sm" animated aria-label={job.progress?.message ?? text} />
      )}
      {job.progress?.message && (
        <Text size="xs" c="dimmed" truncate>
          {job.progress.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onCancel}>
          {commonMessages.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
