import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One label/value line of a details card. */
export function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group
      justify="space-between"
      gap="md"
      wrap="nowrap"
      py={10}
      style={{ borderTop: '1px solid var(--app-border)' }}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Group>
    </Group>
  );
}
