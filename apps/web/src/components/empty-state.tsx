import { Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './empty-state.module.css';

export function EmptyState({
  icon,
  title,
  text,
  note,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  note?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={classes.empty} data-testid={testId}>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600} c="gray.8" mt="xs">
        {title}
      </Text>
      {text && (
        <Text size="sm" maw={420}>
          {text}
        </Text>
      )}
      {note && (
        <Text size="xs" c="dimmed" maw={420}>
          {note}
        </Text>
      )}
      {action}
    </div>
  );
}
