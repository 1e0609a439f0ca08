import { Group, Text, Title } from '@mantine/core';

/**
 * A page's title with its count beside it ('12 clips'), as the header bar of a page frame
 * shows it (components/page-frame.module.css); no count while it is unknown.
 */
export function PageHeading({
  title,
  count,
  countTestId,
}: {
  title: string;
  count?: string | null | undefined;
  countTestId?: string;
}) {
  return (
    <Group gap="xs" align="baseline">
      <Title order={1} size="h3" fw={600} data-testid="page-title">
        {title}
      </Title>
      {count && (
        <Text c="dimmed" size="sm" data-testid={countTestId} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {count}
        </Text>
      )}
    </Group>
  );
}
