import { Group, Text } from '@mantine/core';
import { useBrandVariant } from '@/config/brand-variant';
import { appTexts } from '@/config/texts/app';

/** The 'powered by' footer of shared pages (000 §1). */
export function PoweredBy() {
  const brand = useBrandVariant();
  return (
    <Group component="footer" gap={6} justify="center" py="md" data-testid="powered-by">
      <Text size="xs" c="dimmed">
        {appTexts.poweredBy}
      </Text>
      <brand.Logo size={16} />
      <Text size="xs" fw={600} c="gray.8">
        {brand.name}
      </Text>
    </Group>
  );
}
