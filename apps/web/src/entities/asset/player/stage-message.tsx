import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './player.module.css';

export interface StageMessageProps {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  /** A button or two under the text (download, retry). */
  action?: ReactNode;
  danger?: boolean;
  /** 'alert' for failures so that screen readers announce them; 'status' for progress. */
  role?: 'status' | 'alert';
  testId?: string;
}

/** A message in the middle of the dark stage: processing, a failure, a file that has no preview. */
export function StageMessage({
  icon,
  title,
  text,
  action,
  danger,
  role = 'status',
  testId,
}: StageMessageProps) {
  return (
    <div className={classes.fill}>
      <Stack align="center" gap="sm" className={classes.message} role={role} data-testid={testId}>
        <div className={`${classes.messageIcon} ${danger ? classes.messageIconDanger : ''}`}>{icon}</div>
        <Text fw={600} size="lg" c="gray.1" mt={4}>
          {title}
        </Text>
        {text && (
          <Text size="sm" c="gray.4">
            {text}
          </Text>
        )}
        {action && <div style={{ marginTop: 8 }}>{action}</div>}
      </Stack>
    </div>
  );
}
