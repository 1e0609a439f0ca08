import { CUSTOM_FIELD_LIMITS, type CustomField } from '@hookline/contract';
import {
  Anchor,
  CheckIcon,
  Combobox,
  Group,
  NumberInput,
  Pill,
  PillsInput,
  Select,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import { type FieldValue, formatValue, isBlank, normalizeValue, valueError } from '../values';

const t = customFieldsTexts.customFields;
/** Select fields with more options than this can be searched. */
const SEARCHABLE_FROM = 8;

/** A value as it would be stored, and why it cannot be when it cannot. */
export interface FieldCheck {
  /** Trimmed text, a number for NUMBER, null for no value. */
  value: FieldValue;
  error: string | null;
}

export interface FieldValueInputProps {
  field: CustomField;
  /** The value as typed (text may still hold spaces; a number being typed may be a string). */
  value: FieldValue;
  /** Every change, with the value as it would be stored and its problem (a form's state). */
  onChange: (value: FieldValue, check: FieldCheck) => void;
  /** The final value, normalised and valid (typed values on blur or Enter, choices at once). */
  onCommit?: (value: FieldValue) => void;
  /** The field's name unless given. */
  label?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** Shown instead of the input's own check. */
  error?: string | null;
  autoFocus?: boolean;
  placeholder?: string;
  testId?: string;
}

/** Types whose value is final only when the input is left (blur or Enter). */
const TYPED = new Set(['TEXT', 'URL', 'NUMBER', 'DATE']);

/** The check of a value against its field: what it would be stored as, and its problem. */
export const checkValue = (field: CustomField, value: FieldValue): FieldCheck => ({
  value: normalizeValue(field, value),
  error: valueError(field, value),
});

/**
 * One custom field's input by its type: text and web address (http or https) as text inputs,
 * a number input, the browser's date input ('YYYY-MM-DD'), a select or a multi select of the
 * field's options. `onChange` follows every change; `onCommit` gets the final value (on blur
 * or Enter for typed values, at once for a choice), normalised (trimmed; nothing is null), and
 * only when it is valid. An invalid value shows its message once the input was left.
 * Read-only, the value is text ('—' without one; a web address is a link).
 */
export function FieldValueInput({
  field,
  value,
  onChange,
  onCommit,
  label = field.name,
  description,
  required,
  readOnly,
  disabled,
  error,
  autoFocus,
  placeholder,
  testId,
}: FieldValueInputProps) {
  const [left, setLeft] = useState(false);
  const problem = left ? valueError(field, value) : null;
  const shownError = error ?? problem ?? undefined;

  if (readOnly) {
    const text = formatValue(field, value);
    return (
      <div data-testid={testId}>
        <Text size="xs" c="dimmed" component="div">
          {label}
        </Text>
        {field.type === 'URL' && !isBlank(value) && valueError(field, value) === null ? (
          <Anchor href={String(value)} target="_blank" rel="noopener noreferrer" size="sm">
            {text}
          </Anchor>
        ) : (
          <Text size="sm" style={{ wordBreak: 'break-word', fontVariantNumeric: 'tabular-nums' }}>
            {text}
          </Text>
        )}
      </div>
    );
  }

  const change = (next: FieldValue) => onChange(next, checkValue(field, next));
  const commit = (next: FieldValue) => {
    if (valueError(field, next) === null) onCommit?.(normalizeValue(field, next));
  };
  const leave = () => {
    setLeft(true);
    if (TYPED.has(field.type)) commit(value);
  };
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !TYPED.has(field.type) || !onCommit) return;
    event.preventDefault();
    setLeft(true);
    commit(value);
  };
  const common = {
    label,
    description: description ?? undefined,
    required,
    disabled,
    error: shownError,
    autoFocus,
    'data-testid': testId,
  };
  const options = field.options.map((option) => ({ value: option.id, label: option.label }));

  switch (field.type) {
    case 'NUMBER':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          onChange={(next) => change(next === '' ? null : next)}
          onBlur={leave}
          onKeyDown={onEnter}
          placeholder={placeholder}
          hideControls
          thousandSeparator=","
          allowedDecimalSeparators={['.']}
        />
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => change(event.currentTarget.value || null)}
          onBlur={leave}
          onKeyDown={onEnter}
          max="9999-12-31"
        />
      );
    case 'SINGLE_SELECT':
      return (
        <Select
          {...common}
          data={options}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => {
            change(next);
            commit(next);
          }}
          onBlur={() => setLeft(true)}
          placeholder={placeholder ?? t.choose}
          clearable
          searchable={options.length >= SEARCHABLE_FROM}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'MULTI_SELECT':
      return (
        <OptionsMultiSelect
          {...common}
          options={options}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => {
            const picked = next.length > 0 ? next : null;
            change(picked);
            commit(picked);
          }}
          onBlur={() => setLeft(true)}
          placeholder={placeholder ?? t.choose}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'URL' ? 'url' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => change(event.currentTarget.value)}
          onBlur={leave}
          onKeyDown={onEnter}
          placeholder={placeholder ?? (field.type === 'URL' ? t.urlPlaceholder : undefined)}
          maxLength={field.type === 'URL' ? CUSTOM_FIELD_LIMITS.urlMax : CUSTOM_FIELD_LIMITS.textValueMax}
          autoComplete="off"
        />
      );
  }
}

/**
 * A multi select of a field's options, made of the combobox parts the UI kit's Select already
 * loads (its MultiSelect would bring pill reordering into the chunk shared with the first load):
 * chips of the chosen options, a list that toggles them (search from 8 options on), Backspace
 * on an empty search removes the last chip.
 */
function OptionsMultiSelect({
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  label,
  description,
  required,
  disabled,
  error,
  autoFocus,
  'data-testid': testId,
}: {
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  placeholder: string;
  label: ReactNode;
  description: ReactNode;
  required: boolean | undefined;
  disabled: boolean | undefined;
  error: string | undefined;
  autoFocus: boolean | undefined;
  'data-testid': string | undefined;
}) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const [search, setSearch] = useState('');
  const searchable = options.length >= SEARCHABLE_FROM;
  const labelOf = (id: string) => options.find((option) => option.value === id)?.label ?? id;
  const toggle = (id: string) =>
    onChange(value.includes(id) ? value.filter((picked) => picked !== id) : [...value, id]);
  const query = search.trim().toLowerCase();
  const shown = query ? options.filter((option) => option.label.toLowerCase().includes(query)) : options;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        toggle(id);
        setSearch('');
      }}
      withinPortal
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          description={description}
          required={required}
          disabled={disabled}
          error={error}
          pointer={!searchable}
          onClick={() => combobox.openDropdown()}
          rightSection={<Combobox.Chevron error={error} />}
          rightSectionPointerEvents="none"
        >
          <Pill.Group>
            {value.map((id) => (
              <Pill key={id} withRemoveButton={!disabled} onRemove={() => toggle(id)} disabled={disabled}>
                {labelOf(id)}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                value={search}
                placeholder={value.length === 0 ? placeholder : undefined}
                readOnly={!searchable}
                pointer={!searchable}
                autoFocus={autoFocus}
                disabled={disabled}
                data-testid={testId}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  setSearch('');
                  onBlur();
                }}
                onChange={(event) => {
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                    event.preventDefault();
                    toggle(value[value.length - 1] as string);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
          {shown.length === 0 ? (
            <Combobox.Empty>{t.noMatch}</Combobox.Empty>
          ) : (
            shown.map((option) => {
              const picked = value.includes(option.value);
              return (
                <Combobox.Option
                  value={option.value}
                  key={option.value}
                  active={picked}
                  aria-selected={picked}
                >
                  <Group gap="sm" justify="space-between" wrap="nowrap">
                    <span>{option.label}</span>
                    {picked && <CheckIcon size={12} />}
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
