import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useBrandVariant } from '@/config/brand-variant';
import { appTexts } from '@/config/texts/app';
import { StatusRow } from './status-row';

const t = appTexts.overview;

function OnOff({ on }: { on: boolean }) {
  return (
    <Badge variant="dot" color={on ? 'teal' : 'gray'} size="md" radius="sm" tt="none" fw={500}>
      {on ? t.enabled : t.disabled}
    </Badge>
  );
}

/** The workspace this build serves: brand variant, support contact and what it offers. */
export function WorkspaceCard() {
  const brand = useBrandVariant();
  return (
    <Card data-testid="workspace-card">
      <Group mb="sm" mih={28}>
        <Title order={2} size="h4">
          {t.workspace}
        </Title>
      </Group>
      <Group gap="sm" wrap="nowrap" pb="md">
        <brand.Logo size={40} />
        <Stack gap={0}>
          <Text fw={600} size="lg" lh={1.3}>
            {brand.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t.variant}: {brand.id}
          </Text>
        </Stack>
      </Group>
      <Stack gap={0}>
        <StatusRow label={t.supportEmail}>
          <Anchor href={`mailto:${brand.supportEmail}`} size="sm">
            {brand.supportEmail}
          </Anchor>
        </StatusRow>
        <StatusRow label={t.pricing}>
          <OnOff on={brand.pricing} />
        </StatusRow>
        <StatusRow label={t.chatSupport}>
          <OnOff on={brand.chatSupport} />
        </StatusRow>
      </Stack>
    </Card>
  );
}
