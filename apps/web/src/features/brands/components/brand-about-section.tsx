import { interpolate, TEXT_LIMITS, type UpdateBrandBody } from '@hookline/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { appTexts } from '@/config/texts/app';
import { identityTexts } from '@/config/texts/identity';
import type { SchemaForm } from '@/hooks/use-schema-form';
import type { AboutValues } from '../utils/brand-forms';
import { IndustrySelect } from './industry-select';
import { ValuePropositionsInput } from './value-propositions-input';

const t = identityTexts.brandSettings;

type AboutForm = SchemaForm<AboutValues, UpdateBrandBody>;

export interface BrandAboutSectionProps {
  form: AboutForm;
  canEdit: boolean;
  saving: boolean;
  onSave: () => void;
}

/** The brand's about section (001 §2): name, website, industry, description, value propositions. */
export function BrandAboutSection({ form, canEdit, saving, onSave }: BrandAboutSectionProps) {
  const readOnly = !canEdit;
  const description = form.values.description;
  return (
    <Card data-testid="brand-about">
      <form noValidate aria-label={t.about} onSubmit={form.onSubmit(() => onSave())}>
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t.about}
            </Title>
            <Text size="sm" c="dimmed">
              {t.aboutText}
            </Text>
          </Stack>
          {readOnly && (
            <Alert variant="light" color="gray" icon={<IconLock size={16} />} py="xs">
              {t.readOnly}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={t.name}
              required={!readOnly}
              readOnly={readOnly}
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t.website}
              placeholder={readOnly ? undefined : identityTexts.onboarding.websitePlaceholder}
              readOnly={readOnly}
              {...form.getInputProps('website')}
            />
            <IndustrySelect
              label={t.industry}
              readOnly={readOnly}
              clearable={!readOnly}
              {...form.getInputProps('industryId')}
            />
          </SimpleGrid>
          <Textarea
            label={t.description}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={TEXT_LIMITS.brandDescription}
            readOnly={readOnly}
            {...form.getInputProps('description')}
            description={interpolate(appTexts.common.charactersCount, {
              count: description.length,
              max: TEXT_LIMITS.brandDescription,
            })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <ValuePropositionsInput
            label={t.valuePropositions}
            readOnly={readOnly}
            value={form.values.guidelines}
            onChange={(guidelines) => form.setFieldValue('guidelines', guidelines)}
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={!form.isDirty || !form.isValid}>
                {appTexts.common.saveChanges}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
