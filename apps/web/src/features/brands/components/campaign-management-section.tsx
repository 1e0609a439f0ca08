import { interpolate } from '@hookline/contract';
import {
  Accordion,
  ActionIcon,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPalette, IconPlus, IconTrash } from '@tabler/icons-react';
import { ColorField } from '@/components/color-field';
import { Hint } from '@/components/hint';
import { appTexts } from '@/config/texts/app';
import { identityTexts } from '@/config/texts/identity';
import type { SchemaForm } from '@/hooks/use-schema-form';
import type { UpdateCreativeKitBody } from '../api/update-creative-kit';
import { type CreativeKitValues, NEW_BRAND_COLOR, type SubtitlesOption } from '../utils/brand-forms';
import { LogoField } from './logo-field';

const t = identityTexts.brandSettings;

type KitForm = SchemaForm<CreativeKitValues, UpdateCreativeKitBody>;

const subtitleOptions = (Object.keys(t.subtitleOptions) as SubtitlesOption[]).map((value) => ({
  value,
  label: t.subtitleOptions[value],
}));

const singleColors = [
  ['textColor', t.textColor],
  ['backgroundColor', t.backgroundColor],
  ['buttonTextColor', t.buttonTextColor],
  ['buttonBackgroundColor', t.buttonBackgroundColor],
] as const;

export interface CampaignManagementSectionProps {
  form: KitForm;
  brandName: string;
  saving: boolean;
  onSave: () => void;
}

/** Super users only (001 §6): colours, fonts and subtitles used when producing campaigns. */
export function CampaignManagementSection({
  form,
  brandName,
  saving,
  onSave,
}: CampaignManagementSectionProps) {
  const colors = form.values.colors;
  const setColors = (next: string[]) => form.setFieldValue('colors', next);

  return (
    <Accordion
      variant="separated"
      radius="lg"
      chevronPosition="right"
      data-testid="campaign-management"
      // The same insets as the about card above.
      styles={{
        control: { paddingInline: 'var(--mantine-spacing-lg)' },
        content: { padding: '0 var(--mantine-spacing-lg) var(--mantine-spacing-lg)' },
      }}
    >
      <Accordion.Item value="campaign-management">
        <Accordion.Control icon={<IconPalette size={18} stroke={1.75} />}>
          <Text fw={600} size="sm">
            {t.campaignManagement}
          </Text>
          <Text size="xs" c="dimmed">
            {t.campaignManagementText}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <form
            noValidate
            aria-label={t.campaignManagement}
            onSubmit={(event) => {
              event.preventDefault();
              onSave();
            }}
          >
            <Stack gap="lg" pt="xs">
              <LogoField
                value={form.values.logoURL}
                name={brandName}
                onChange={(url) => form.setFieldValue('logoURL', url)}
              />
              <Stack gap="sm">
                <Text fw={600} size="sm">
                  {t.colors}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {singleColors.map(([field, label]) => (
                    <ColorField
                      key={field}
                      label={label}
                      pickerLabel={`${t.pickColor}: ${label}`}
                      value={form.values[field]}
                      onChange={(value) => form.setFieldValue(field, value)}
                    />
                  ))}
                </SimpleGrid>
                <Stack gap={6}>
                  <Text size="sm" fw={500}>
                    {t.brandColors}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    {colors.map((color, index) => {
                      const label = interpolate(t.brandColor, { index: index + 1 });
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: colours repeat; the position is the identity.
                        <Group key={index} gap="xs" wrap="nowrap">
                          <ColorField
                            aria-label={label}
                            pickerLabel={`${t.pickColor}: ${label}`}
                            value={color}
                            onChange={(value) => setColors(colors.map((c, i) => (i === index ? value : c)))}
                            style={{ flex: 1 }}
                          />
                          {colors.length > 1 && (
                            <Hint label={interpolate(t.removeColor, { index: index + 1 })}>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={interpolate(t.removeColor, { index: index + 1 })}
                                onClick={() => setColors(colors.filter((_, i) => i !== index))}
                              >
                                <IconTrash size={16} stroke={1.75} />
                              </ActionIcon>
                            </Hint>
                          )}
                        </Group>
                      );
                    })}
                  </SimpleGrid>
                  <Group>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => setColors([...colors, NEW_BRAND_COLOR])}
                    >
                      {t.addColor}
                    </Button>
                  </Group>
                </Stack>
              </Stack>
              <Stack gap="sm">
                <Text fw={600} size="sm">
                  {t.fonts}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <TextInput label={t.font} placeholder={t.fontPlaceholder} {...form.getInputProps('font')} />
                  <Select
                    label={t.subtitlesFont}
                    data={subtitleOptions}
                    allowDeselect={false}
                    {...form.getInputProps('subtitlesFont')}
                  />
                  <Select
                    label={t.subtitlesColors}
                    data={subtitleOptions}
                    allowDeselect={false}
                    {...form.getInputProps('subtitlesColors')}
                  />
                </SimpleGrid>
              </Stack>
              <Group justify="flex-end">
                <Button type="submit" loading={saving} disabled={!form.isDirty || !form.isValid}>
                  {appTexts.common.saveChanges}
                </Button>
              </Group>
            </Stack>
          </form>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
