import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatusScreenProps {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  color?: string;
  /** Fill the whole viewport (standalone pages) or only the parent (inside the shell). */
  fullScreen?: boolean;
  'data-testid'?: string;
}

/** The calm centred layout of full-page states: not found, errors, warnings. */
export function StatusScreen({
  icon,
  title,
  text,
  actions,
  footer,
  color = 'gray',
  fullScreen = true,
  'data-testid': testId,
}: StatusScreenProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : '100%'} p="lg" data-testid={testId}>
      <Paper maw={440} w="100%" p="xl" radius="lg" bg="transparent">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Stack gap={6} align="center">
            <Title order={1} size="h2">
              {title}
            </Title>
            {text && (
              <Text size="sm" c="dimmed" maw={360}>
                {text}
              </Text>
            )}
          </Stack>
          {actions}
          {footer}
        </Stack>
      </Paper>
    </Center>
  );
}
