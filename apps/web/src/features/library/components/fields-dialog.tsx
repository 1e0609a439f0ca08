import { commonMessages, customFieldsMessages, interpolate } from '@hookline/contract';
import { Button, Checkbox, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { type CustomField, type FieldValues, useCustomFields } from '@/entities/custom-field/api';
import type { FieldCheck } from '@/entities/custom-field/components/field-value-input';
import { FieldValueInput } from '@/entities/custom-field/components/field-value-input-on-demand';
import type { FieldValue } from '@/entities/custom-field/values';
import { showSuccessToast } from '@/lib/notify';
import { useBulkSetFields } from '../api/bulk-fields';
import type { ActionTarget } from './use-library-actions';

const t = customFieldsTexts.customFields;

/**
 * The bulk bar's 'Edit fields' (issue 11): tick the fields to change, give each its value (a
 * ticked field left empty is cleared), and every selected file gets them (PUT library/bulk),
 * select-all aware; then 'Updated {n} items'. Folders carry no values and are left out.
 */
export function FieldsDialog({
  scope,
  target,
  onClose,
}: {
  scope: BrandScope;
  target: ActionTarget | null;
  onClose: () => void;
}) {
  // The last target stays while the dialog closes, so its content does not jump.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={<Text fw={600}>{t.editFields}</Text>}
      size="md"
      data-testid="bulk-fields-dialog"
    >
      {shown && (
        <FieldsForm
          key={shown.items.map((item) => item.id).join()}
          scope={scope}
          target={shown}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function FieldsForm({
  scope,
  target,
  onDone,
}: {
  scope: BrandScope;
  target: ActionTarget;
  onDone: () => void;
}) {
  const fields = useCustomFields(scope);
  const bulk = useBulkSetFields(scope);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  // Each changed field's value as it would be stored, and its problem.
  const [checks, setChecks] = useState<Record<string, FieldCheck>>({});
  // With select-all past the loaded pages, every file of the folder (the folder's count).
  const beyondLoaded = Boolean(target.all) && (target.count ?? 0) > target.items.length;
  const count = beyondLoaded
    ? (target.count ?? target.items.length)
    : target.items.filter((item) => item.type !== 'FOLDER').length;
  const chosen = (fields.data ?? []).filter((field) => ticked.has(field.id));
  const valid = chosen.length > 0 && chosen.every((field) => !checks[field.id]?.error);

  const tick = (field: CustomField, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(field.id);
      else next.delete(field.id);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || bulk.isPending || count === 0) return;
    const changes: FieldValues = {};
    for (const field of chosen) changes[field.id] = checks[field.id]?.value ?? null;
    bulk.mutate(
      { items: target.items, parentId: target.parentId, all: beyondLoaded, values: changes },
      {
        onSuccess: (updated) => {
          showSuccessToast(interpolate(tagsTexts.tags.updated, { count: updated }));
          onDone();
        },
      },
    );
  };

  let content: ReactNode;
  if (fields.isPending) {
    content = (
      <Stack gap="sm" aria-busy aria-label={commonMessages.loading}>
        <Skeleton h={24} w={180} />
        <Skeleton h={24} w={140} />
      </Stack>
    );
  } else if (fields.isError) {
    content = <LoadFailedAlert title={t.loadFailed} onRetry={() => void fields.refetch()} />;
  } else if (fields.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed" data-testid="bulk-fields-none">
        {t.noFields}
      </Text>
    );
  } else {
    content = (
      <Stack gap="md">
        {fields.data.map((field) => {
          const on = ticked.has(field.id);
          return (
            <Stack key={field.id} gap={6}>
              <Checkbox
                label={field.name}
                checked={on}
                onChange={(event) => tick(field, event.currentTarget.checked)}
                data-testid={`bulk-field-${field.name}`}
              />
              {on && (
                <div style={{ paddingLeft: 30 }}>
                  <FieldValueInput
                    field={field}
                    label={interpolate(t.valueOf, { name: field.name })}
                    value={values[field.id] ?? null}
                    onChange={(value, check) => {
                      setValues((current) => ({ ...current, [field.id]: value }));
                      setChecks((current) => ({ ...current, [field.id]: check }));
                    }}
                    description={(checks[field.id]?.value ?? null) === null ? t.clears : undefined}
                    autoFocus
                  />
                </div>
              )}
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t.editFields}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {count === 0 ? customFieldsMessages.foldersHaveNoFields : interpolate(t.bulkText, { count })}
        </Text>
        {content}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onDone}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" disabled={!valid || count === 0} loading={bulk.isPending}>
            {interpolate(t.bulkApply, { count })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
