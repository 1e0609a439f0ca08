import {
  aspectRatios,
  assetTypes,
  creativeClipTypes,
  libraries,
  marketingPlatforms,
  searchLanguages,
  textFilterOperators,
} from '@hookline/contract';
import { Button, Checkbox, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { searchTexts as t } from '@/config/texts/search';
import type { BrandScope } from '@/entities/asset/api/keys';
import {
  type FilterChoice,
  type FilterItem,
  type FilterKind,
  kindOf,
  METADATA_OPERATORS,
} from '../search-state';
import { OptionsPicker } from './options-picker';

/** Fixed lists of values: the kind's values and how each reads. */
const CHOICES: Partial<Record<FilterKind, FilterChoice[]>> = {
  type: assetTypes.map((id) => ({ id, name: t.types[id] })),
  aspect: aspectRatios.map((id) => ({ id, name: id })),
  language: searchLanguages.map((id) => ({ id, name: t.languages[id] })),
  platform: marketingPlatforms.map((id) => ({ id, name: id.replace(/_/g, ' ').toLowerCase() })),
  library: libraries.map((id) => ({ id, name: t.libraries[id] })),
  breakdown: creativeClipTypes.map((id) => ({ id, name: id })),
};

const OPTION_ENTITIES = { tags: 'TAG', boards: 'BOARD', subtypes: 'CLIP_SUBTYPE', folder: 'FOLDER' } as const;

/** A filter being edited: its kind's control, then Apply (an empty filter is dropped on apply). */
export function FilterEditor({
  scope,
  initial,
  onApply,
}: {
  scope: BrandScope;
  initial: FilterItem;
  onApply: (item: FilterItem) => void;
}) {
  const [draft, setDraft] = useState<FilterItem>(initial);
  const kind = kindOf(draft);
  const set = (patch: Partial<FilterItem>) => setDraft((d) => ({ ...d, ...patch }));
  const setParams = (patch: FilterItem['params']) =>
    setDraft((d) => ({ ...d, params: { ...d.params, ...patch } }));
  const choices = CHOICES[kind];

  let control: React.ReactNode = null;
  if (choices) {
    const chosen = new Set(draft.children?.map((c) => c.id));
    control = (
      <Stack gap={4}>
        {choices.map((choice) => (
          <Checkbox
            key={choice.id}
            size="xs"
            label={choice.name}
            checked={chosen.has(choice.id)}
            onChange={() =>
              set({
                children: chosen.has(choice.id)
                  ? (draft.children ?? []).filter((c) => c.id !== choice.id)
                  : [...(draft.children ?? []), choice],
              })
            }
          />
        ))}
      </Stack>
    );
  } else if (kind in OPTION_ENTITIES) {
    control = (
      <Stack gap="xs">
        <OptionsPicker
          scope={scope}
          entity={OPTION_ENTITIES[kind as keyof typeof OPTION_ENTITIES]}
          label={draft.name}
          value={draft.children ?? []}
          onChange={(children) => set({ children })}
          single={kind === 'folder'}
        />
        {kind === 'folder' && (
          <Switch
            size="xs"
            label={t.includeSubfolders}
            checked={draft.params?.includeSubFolders !== false}
            onChange={(e) => setParams({ includeSubFolders: e.currentTarget.checked })}
          />
        )}
      </Stack>
    );
  } else if (kind === 'length' || kind === 'width' || kind === 'height') {
    control = (
      <NumberCondition
        operator={draft.operator}
        value={draft.params?.value}
        operators={METADATA_OPERATORS.map((o) => ({ value: o, label: t.operators[o] }))}
        onChange={(operator, value) => setDraft((d) => ({ ...d, operator, params: { ...d.params, value } }))}
      />
    );
  } else if (kind === 'date') {
    control = (
      <Group gap="xs" grow>
        <TextInput
          size="xs"
          type="date"
          label={t.from}
          value={draft.params?.from ?? ''}
          onChange={(e) => setParams({ from: e.currentTarget.value || undefined })}
        />
        <TextInput
          size="xs"
          type="date"
          label={t.to}
          value={draft.params?.to ?? ''}
          onChange={(e) => setParams({ to: e.currentTarget.value || undefined })}
        />
      </Group>
    );
  } else if (kind === 'field') {
    control = <FieldCondition scope={scope} draft={draft} setDraft={setDraft} />;
  }

  return (
    <Stack gap="sm" w={280} data-testid={`filter-editor-${kind}`}>
      {control}
      <Group justify="flex-end">
        <Button size="xs" onClick={() => onApply(draft)} data-testid="filter-apply">
          {t.apply}
        </Button>
      </Group>
    </Stack>
  );
}

function NumberCondition({
  operator,
  value,
  operators,
  onChange,
}: {
  operator: string | undefined;
  value: string | undefined;
  operators: { value: string; label: string }[];
  onChange: (operator: string, value: string | undefined) => void;
}) {
  const current = operator ?? operators[0]!.value;
  return (
    <Group gap="xs" grow>
      <Select
        size="xs"
        aria-label={t.operator}
        data={operators}
        value={current}
        allowDeselect={false}
        onChange={(next) => onChange(next ?? current, value)}
        comboboxProps={{ withinPortal: false }}
      />
      <NumberInput
        size="xs"
        aria-label={t.value}
        value={value ?? ''}
        min={0}
        onChange={(next) => onChange(current, next === '' ? undefined : String(next))}
      />
    </Group>
  );
}

/** A custom field: the field first (its type decides the rest), then its operator and value. */
function FieldCondition({
  scope,
  draft,
  setDraft,
}: {
  scope: BrandScope;
  draft: FilterItem;
  setDraft: (update: (d: FilterItem) => FilterItem) => void;
}) {
  const fieldId = draft.id.startsWith('field:') ? draft.id.slice('field:'.length) : '';
  const type = draft.params?.fieldType;
  if (!fieldId || !type)
    return (
      <FieldPicker
        scope={scope}
        onPick={(field, fieldType) =>
          setDraft(() => ({
            id: `field:${field.id}`,
            name: field.name,
            operator:
              fieldType === 'NUMBER' || fieldType === 'DATE'
                ? 'gte'
                : fieldType.endsWith('SELECT')
                  ? 'EQUALS'
                  : 'CONTAINS',
            params: { fieldType },
          }))
        }
      />
    );
  if (type === 'SINGLE_SELECT' || type === 'MULTI_SELECT')
    return (
      <OptionsPicker
        scope={scope}
        entity="CUSTOM_FIELD_VALUE"
        fieldId={fieldId}
        label={draft.name}
        value={draft.children ?? []}
        onChange={(children) => setDraft((d) => ({ ...d, operator: 'EQUALS', children }))}
        single
        showDetail={false}
      />
    );
  if (type === 'NUMBER' || type === 'DATE') {
    const operators = METADATA_OPERATORS.map((o) => ({ value: o, label: t.operators[o] }));
    if (type === 'NUMBER')
      return (
        <NumberCondition
          operator={draft.operator}
          value={draft.params?.value}
          operators={operators}
          onChange={(operator, value) =>
            setDraft((d) => ({ ...d, operator, params: { ...d.params, value } }))
          }
        />
      );
    return (
      <Group gap="xs" grow>
        <Select
          size="xs"
          aria-label={t.operator}
          data={operators}
          value={draft.operator ?? 'gte'}
          allowDeselect={false}
          onChange={(operator) => setDraft((d) => ({ ...d, operator: operator ?? 'gte' }))}
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          size="xs"
          type="date"
          aria-label={t.value}
          value={draft.params?.value ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value || undefined;
            setDraft((d) => ({ ...d, params: { ...d.params, value } }));
          }}
        />
      </Group>
    );
  }
  return (
    <Group gap="xs" grow>
      <Select
        size="xs"
        aria-label={t.operator}
        data={textFilterOperators.map((o) => ({ value: o, label: t.textOperators[o] }))}
        value={draft.operator ?? 'CONTAINS'}
        allowDeselect={false}
        onChange={(operator) => setDraft((d) => ({ ...d, operator: operator ?? 'CONTAINS' }))}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        size="xs"
        aria-label={t.value}
        value={draft.params?.value ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value || undefined;
          setDraft((d) => ({ ...d, params: { ...d.params, value } }));
        }}
      />
    </Group>
  );
}

function FieldPicker({
  scope,
  onPick,
}: {
  scope: BrandScope;
  onPick: (field: FilterChoice, type: string) => void;
}) {
  const [picked, setPicked] = useState<FilterChoice[]>([]);
  return (
    <OptionsPicker
      scope={scope}
      entity="CUSTOM_FIELD"
      label={t.kinds.field}
      value={picked}
      single
      showDetail={false}
      onChange={(value) => setPicked(value)}
      onPickOption={(option) => onPick({ id: option.id, name: option.name }, option.detail ?? 'TEXT')}
    />
  );
}
