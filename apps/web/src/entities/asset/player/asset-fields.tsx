import { Divider, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import { libraryTexts } from '@/config/texts/library';
import { type CustomField, useCustomFields } from '@/entities/custom-field/api';
import { FieldValueInput } from '@/entities/custom-field/components/field-value-input-on-demand';
import type { FieldValue } from '@/entities/custom-field/values';
import type { AssetItem, BrandScope } from '../api/keys';
import { useSetFieldValues } from './update-field-values';

const t = customFieldsTexts.customFields;

/**
 * The info tab's custom fields (issue 11): each of the brand's fields, in their order, edited
 * by its type. A value is saved when it is final (a choice at once; typed values on blur or
 * Enter) as PUT /assets/{id} { customFields: { [fieldId]: value | null } }; a refused save puts
 * the previous value back and shows the 'saveError' warning. Without write access the values
 * are text ('—' for none). Nothing shows while the brand has no fields.
 */
export function AssetFields({
  scope,
  asset,
  canEdit,
}: {
  scope: BrandScope;
  asset: AssetItem;
  canEdit: boolean;
}) {
  const fields = useCustomFields(scope, asset.type !== 'FOLDER');
  const update = useSetFieldValues(scope);
  if (asset.type === 'FOLDER' || fields.isError || fields.data?.length === 0) return null;

  const save = (field: CustomField, value: FieldValue, onFailed: () => void) =>
    update.mutate(
      { id: asset.id, values: { [field.id]: value } },
      {
        onError: () => {
          onFailed();
          notifications.show({
            color: 'yellow',
            title: libraryTexts.library.saveError,
            message: field.name,
            id: `player-field-save-error-${field.id}`,
          });
        },
      },
    );

  return (
    <section aria-label={t.section} data-testid="player-fields">
      <Divider my="md" />
      <Text fw={600} size="sm" mb="sm">
        {t.section}
      </Text>
      {fields.data ? (
        <Stack gap={canEdit ? 'sm' : 12}>
          {fields.data.map((field) => (
            <FieldEditor
              key={`${asset.id}:${field.id}`}
              field={field}
              saved={asset.customFields[field.id] ?? null}
              canEdit={canEdit}
              onSave={save}
            />
          ))}
        </Stack>
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton h={58} />
          <Skeleton h={58} />
        </Stack>
      )}
    </section>
  );
}

function FieldEditor({
  field,
  saved,
  canEdit,
  onSave,
}: {
  field: CustomField;
  saved: FieldValue;
  canEdit: boolean;
  onSave: (field: CustomField, value: FieldValue, onFailed: () => void) => void;
}) {
  // What the item holds as far as this editor knows (the last save shows at once), and the input.
  const [shown, setShown] = useState<FieldValue>(saved);
  const [draft, setDraft] = useState<FieldValue>(saved);
  const container = useRef<HTMLDivElement>(null);
  const savedKey = JSON.stringify(saved);

  // The server's answer or a refetch shows the new value unless the user is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the saved value by content.
  useEffect(() => {
    setShown(saved);
    if (!container.current?.contains(document.activeElement)) setDraft(saved);
  }, [savedKey]);

  const commit = (next: FieldValue) => {
    setDraft(next);
    if (JSON.stringify(next) === JSON.stringify(shown)) return;
    const previous = shown;
    setShown(next);
    onSave(field, next, () => {
      setShown(previous);
      setDraft(previous);
    });
  };

  return (
    <div ref={container}>
      <FieldValueInput
        field={field}
        value={draft}
        onChange={(value) => setDraft(value)}
        onCommit={commit}
        readOnly={!canEdit}
        description={canEdit ? field.description : undefined}
        testId={`player-field-${field.name}`}
      />
    </div>
  );
}
