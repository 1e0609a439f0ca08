import { commonMessages } from '@hookline/contract';
import { Alert, type AlertProps, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * A list or panel that could not load: what failed, and Try again (000 §8: errors show
 * inline or as toasts, never as a blank screen).
 */
export function LoadFailedAlert({
  title,
  onRetry,
  ...props
}: { title: string; onRetry: () => void } & Omit<AlertProps, 'title' | 'children'> & {
    'data-testid'?: string;
  }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} {...props}>
      <Button size="compact-sm" variant="light" color="red" mt="xs" onClick={onRetry}>
        {commonMessages.retry}
      </Button>
    </Alert>
  );
}
