import { interpolate, type MetaPage } from '@hookline/contract';
import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFlag } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { Hint } from '@/components/hint';
import { integrationsTexts } from '@/config/texts/integrations';

const t = integrationsTexts.pages;

/** The Pages the connection reaches (001 §3 Meta integration: name and link). */
export function PagesTab({ pages }: { pages: MetaPage[] }) {
  if (pages.length === 0) {
    return (
      <Card withBorder radius="md">
        <EmptyState
          icon={<IconFlag size={28} />}
          title={t.emptyTitle}
          text={t.emptyText}
          testId="pages-empty"
        />
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" p={0}>
      <Stack gap={0} data-testid="pages-list">
        {pages.map((page, index) => (
          <Group
            key={page.id}
            justify="space-between"
            px="md"
            py="sm"
            wrap="nowrap"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {page.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {page.id}
              </Text>
            </div>
            {page.link ? (
              <Hint label={interpolate(t.open, { name: page.name })}>
                <ActionIcon
                  component="a"
                  href={page.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  aria-label={interpolate(t.open, { name: page.name })}
                >
                  <IconExternalLink size={16} stroke={1.75} />
                </ActionIcon>
              </Hint>
            ) : (
              <Text size="xs" c="dimmed">
                {t.noLink}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
