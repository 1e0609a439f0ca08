import { commonMessages, interpolate } from '@hookline/contract';
import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import type { BrandScope } from '@/entities/asset/api/keys';
import { type CustomField, customFieldsQueryOptions } from '@/entities/custom-field/api';
import type { FieldCheck } from '@/entities/custom-field/components/field-value-input';
import { FieldValueInput } from '@/entities/custom-field/components/field-value-input-on-demand';
import type { FieldValue } from '@/entities/custom-field/values';
import { appModals } from '@/lib/app-modals';
import type { UploadFieldValues } from '../upload-manager';

const t = customFieldsTexts.customFields;

/** What the uploader asks before an upload: the brand's fields and how many files get them. */
interface FieldValuesRequest {
  fields: CustomField[];
  fileCount: number;
}

/** One question at a time: an upload started while the dialog is open waits for its answer. */
let questions: Promise<unknown> = Promise.resolve();

/**
 * Before an upload (issue 11): when the brand has fields required on upload (the list is
 * fetched when an upload starts, then cached), a dialog asks for their values, and optionally
 * the other fields', for every file of the upload. Answers the values, undefined when no field
 * is required (no dialog), or null when the user cancelled (nothing is uploaded).
 */
export function askFieldValues(
  queryClient: QueryClient,
  scope: BrandScope,
  fileCount: number,
): Promise<UploadFieldValues | null | undefined> {
  const answer = questions.then(() => ask(queryClient, scope, fileCount));
  questions = answer.catch(() => undefined);
  return answer;
}

async function ask(
  queryClient: QueryClient,
  scope: BrandScope,
  fileCount: number,
): Promise<UploadFieldValues | null | undefined> {
  // Without the list the server still refuses a file that misses a required value.
  const fields = await queryClient.fetchQuery(customFieldsQueryOptions(scope)).catch(() => []);
  if (!fields.some((field) => field.requiredOnUpload)) return undefined;
  return new Promise((resolve) => {
    let settled = false;
    const done = (values: UploadFieldValues | null) => {
      if (settled) return;
      settled = true;
      appModals.close(id);
      resolve(values);
    };
    const id: string = appModals.open({
      title: <Text fw={600}>{t.uploadTitle}</Text>,
      size: 'md',
      onClose: () => done(null),
      children: <ValuesForm request={{ fields, fileCount }} onSubmit={done} onCancel={() => done(null)} />,
    });
  });
}

function ValuesForm({
  request,
  onSubmit,
  onCancel,
}: {
  request: FieldValuesRequest;
  onSubmit: (values: UploadFieldValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  // Each changed field's value as it would be stored, and its problem.
  const [checks, setChecks] = useState<Record<string, FieldCheck>>({});
  const [showOthers, setShowOthers] = useState(false);
  const required = request.fields.filter((field) => field.requiredOnUpload);
  const others = request.fields.filter((field) => !field.requiredOnUpload);
  const complete =
    required.every((field) => (checks[field.id]?.value ?? null) !== null) &&
    Object.values(checks).every((check) => check.error === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    const answer: UploadFieldValues = {};
    for (const [id, check] of Object.entries(checks)) if (check.value !== null) answer[id] = check.value;
    onSubmit(answer);
  };
  const input = (field: CustomField, autoFocus: boolean) => (
    <FieldValueInput
      key={field.id}
      field={field}
      value={values[field.id] ?? null}
      onChange={(value, check) => {
        setValues((current) => ({ ...current, [field.id]: value }));
        setChecks((current) => ({ ...current, [field.id]: check }));
      }}
      required={field.requiredOnUpload}
      description={field.description}
      autoFocus={autoFocus}
      testId={`upload-field-${field.name}`}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t.uploadTitle}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {request.fileCount === 1
            ? t.uploadTextOne
            : interpolate(t.uploadText, { count: request.fileCount })}
        </Text>
        {required.map((field, index) => input(field, index === 0))}
        {others.length > 0 && (
          <div>
            <UnstyledButton
              onClick={() => setShowOthers((open) => !open)}
              aria-expanded={showOthers}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              {showOthers ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text size="sm" fw={500} component="span">
                {interpolate(t.otherFields, { count: others.length })}
              </Text>
            </UnstyledButton>
            {showOthers && (
              <Stack gap="md" mt="sm">
                {others.map((field) => input(field, false))}
              </Stack>
            )}
          </div>
        )}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" disabled={!complete} data-testid="upload-fields-submit">
            {t.upload}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
