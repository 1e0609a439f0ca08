import {
  CUSTOM_FIELD_LIMITS,
  type CustomField,
  type CustomFieldType,
  commonMessages,
  customFieldsMessages,
  customFieldTypes,
  interpolate,
  isSelectField,
} from '@hookline/contract';
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { Hint } from '@/components/hint';
import { appTexts } from '@/config/texts/app';
import { customFieldsTexts } from '@/config/texts/custom-fields';
import type { BrandScope } from '@/entities/asset/api/keys';
import { showSuccessToast } from '@/lib/notify';
import { type UpdateFieldBody, useCreateField, useUpdateField } from '../api/custom-fields';
import { fieldMessage, hasStatus, toastFailure } from '../api/failures';
import type { FieldDialog } from './custom-fields-view';

const t = customFieldsTexts.customFields;
const L = CUSTOM_FIELD_LIMITS;

/**
 * The create / edit custom field dialog (issue 11): name (at most 50), type (chosen when the
 * field is created, shown read-only after), the options of a select field (add, rename,
 * remove: a renamed option keeps its values), description (at most 500) and 'Required on
 * upload'. Create needs a valid form, Save a changed one. A 409 reads 'alreadyExists' at the
 * name; other 400s show at the field they name; anything else the error toast.
 */
export function CustomFieldModal({
  scope,
  dialog,
  onClose,
}: {
  scope: BrandScope;
  dialog: FieldDialog | null;
  onClose: () => void;
}) {
  // The last dialog stays while the modal closes, so its title does not jump.
  const [shown, setShown] = useState(dialog);
  if (dialog && dialog !== shown) setShown(dialog);
  const editing = shown?.mode === 'edit' ? shown.field : null;
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      size="lg"
      title={<Text fw={600}>{editing ? t.editTitle : t.createTitle}</Text>}
      data-testid="custom-field-modal"
    >
      {dialog && (
        <FieldForm
          key={dialog.mode === 'edit' ? dialog.field.id : 'create'}
          scope={scope}
          field={dialog.mode === 'edit' ? dialog.field : null}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface OptionRow {
  /** React's key: the option's id, or a local one for a new option. */
  key: string;
  id?: string;
  label: string;
}

interface ServerErrors {
  name?: string;
  options?: string;
  description?: string;
}

let newOptionSequence = 0;
const newOption = (): OptionRow => ({ key: `new-${++newOptionSequence}`, label: '' });

/** Each option's problem ('' when none), and one for the list (no options). */
function optionProblems(options: OptionRow[]): { each: string[]; list: string | null } {
  const seen = new Set<string>();
  const each = options.map((option) => {
    const label = option.label.trim().toLowerCase();
    if (!label) return t.optionRequired;
    if (seen.has(label)) return customFieldsMessages.duplicateOption;
    seen.add(label);
    return '';
  });
  return { each, list: options.length === 0 ? customFieldsMessages.optionsRequired : null };
}

function FieldForm({
  scope,
  field,
  onDone,
}: {
  scope: BrandScope;
  field: CustomField | null;
  onDone: () => void;
}) {
  const create = useCreateField(scope);
  const update = useUpdateField(scope);
  const pending = create.isPending || update.isPending;
  const [name, setName] = useState(field?.name ?? '');
  const [type, setType] = useState<CustomFieldType>(field?.type ?? 'TEXT');
  const [options, setOptions] = useState<OptionRow[]>(
    () => field?.options.map((option) => ({ key: option.id, id: option.id, label: option.label })) ?? [],
  );
  const [description, setDescription] = useState(field?.description ?? '');
  const [required, setRequired] = useState(field?.requiredOnUpload ?? false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const focusNext = useRef<string | null>(null);

  const touch = (key: string) => setTouched((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
  const withOptions = isSelectField(type);
  const problems = useMemo(() => optionProblems(options), [options]);
  const nameError = name.trim() ? null : t.nameRequired;
  const valid = !nameError && (!withOptions || (!problems.list && problems.each.every((p) => !p)));

  /** What the form sends: the whole field on create, what changed on edit. */
  const changes = useMemo((): UpdateFieldBody => {
    const body: UpdateFieldBody = {};
    const nextOptions = options.map((option) => ({
      ...(option.id ? { id: option.id } : {}),
      label: option.label.trim(),
    }));
    const nextDescription = description.trim() || null;
    if (!field) {
      return {
        name: name.trim(),
        description: nextDescription,
        requiredOnUpload: required,
        ...(withOptions ? { options: nextOptions.map(({ label }) => ({ label })) } : {}),
      };
    }
    if (name.trim() !== field.name) body.name = name.trim();
    if (nextDescription !== (field.description || null)) body.description = nextDescription;
    if (required !== field.requiredOnUpload) body.requiredOnUpload = required;
    const before = field.options.map((option) => ({ id: option.id, label: option.label }));
    if (withOptions && JSON.stringify(nextOptions) !== JSON.stringify(before)) body.options = nextOptions;
    return body;
  }, [field, name, description, required, options, withOptions]);
  const changed = field === null || Object.keys(changes).length > 0;
  const blocked = Boolean(serverErrors.name || serverErrors.options || serverErrors.description);

  const onError = (error: unknown) => {
    const found: ServerErrors = {
      name:
        fieldMessage(error, 'name') ??
        (hasStatus(error, 409) ? customFieldsMessages.alreadyExists : undefined),
      options:
        fieldMessage(error, 'options') ??
        options.map((_, index) => fieldMessage(error, `options.${index}.label`)).find(Boolean),
      description: fieldMessage(error, 'description'),
    };
    if (found.name || found.options || found.description) setServerErrors(found);
    else toastFailure(error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(['name', ...options.map((option) => option.key)]));
    if (!valid || !changed || pending || blocked) return;
    if (field) {
      update.mutate(
        { id: field.id, body: changes },
        {
          onSuccess: () => {
            showSuccessToast(t.saved);
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...changes, name: name.trim(), type },
        {
          onSuccess: () => {
            showSuccessToast(t.created);
            onDone();
          },
          onError,
        },
      );
    }
  };

  const changeType = (value: string | null) => {
    if (!value) return;
    const next = value as CustomFieldType;
    setType(next);
    setServerErrors((errors) => ({ ...errors, options: undefined }));
    if (isSelectField(next) && options.length === 0) setOptions([newOption()]);
  };
  const setOptionLabel = (key: string, label: string) => {
    setServerErrors((errors) => ({ ...errors, options: undefined }));
    setOptions((rows) => rows.map((row) => (row.key === key ? { ...row, label } : row)));
  };
  const addOption = (after?: string) => {
    const row = newOption();
    focusNext.current = row.key;
    setServerErrors((errors) => ({ ...errors, options: undefined }));
    setOptions((rows) => {
      const index = after ? rows.findIndex((r) => r.key === after) + 1 : rows.length;
      return [...rows.slice(0, index), row, ...rows.slice(index)];
    });
  };
  const removeOption = (key: string) => {
    setServerErrors((errors) => ({ ...errors, options: undefined }));
    setOptions((rows) => rows.filter((row) => row.key !== key));
  };
  const onOptionKey = (event: KeyboardEvent<HTMLInputElement>, key: string) => {
    // Enter adds the next option (the form is saved with its button).
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (options.length < L.options) addOption(key);
  };
  // A new option's input takes the focus as it appears.
  const registerOption = (key: string) => (element: HTMLInputElement | null) => {
    if (element && focusNext.current === key) {
      focusNext.current = null;
      element.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={field ? t.editTitle : t.createTitle}>
      <Stack gap="md">
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={t.name}
            required
            placeholder={t.namePlaceholder}
            description={interpolate(t.maxHint, { max: L.nameMax })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maxLength={L.nameMax}
            autoComplete="off"
            data-autofocus
            data-testid="field-name-input"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerErrors((errors) => ({ ...errors, name: undefined }));
            }}
            onBlur={() => touch('name')}
            error={serverErrors.name ?? (touched.has('name') ? nameError : null)}
          />
          {field ? (
            <TextInput
              label={t.type}
              value={t.types[field.type]}
              readOnly
              variant="filled"
              description={t.typeFixed}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="field-type-input"
            />
          ) : (
            <Select
              label={t.type}
              data={customFieldTypes.map((value) => ({ value, label: t.types[value] }))}
              value={type}
              onChange={changeType}
              allowDeselect={false}
              checkIconPosition="right"
              comboboxProps={{ withinPortal: true }}
              description={t.typeFixed}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="field-type-input"
            />
          )}
        </Group>

        {withOptions && (
          <Input.Wrapper
            label={t.options}
            required
            description={field ? t.optionsHint : undefined}
            error={serverErrors.options ?? (touched.size > 0 || options.length === 0 ? problems.list : null)}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          >
            <Stack gap={6} mt={6} data-testid="field-options">
              {options.map((option, index) => (
                <Group key={option.key} gap={6} wrap="nowrap" align="flex-start">
                  <TextInput
                    ref={registerOption(option.key)}
                    style={{ flex: 1 }}
                    aria-label={interpolate(t.optionLabel, { n: index + 1 })}
                    placeholder={interpolate(t.optionLabel, { n: index + 1 })}
                    maxLength={L.optionLabelMax}
                    autoComplete="off"
                    value={option.label}
                    onChange={(event) => setOptionLabel(option.key, event.currentTarget.value)}
                    onBlur={() => touch(option.key)}
                    onKeyDown={(event) => onOptionKey(event, option.key)}
                    error={touched.has(option.key) ? problems.each[index] || null : null}
                  />
                  <Hint label={interpolate(t.removeOption, { n: index + 1 })}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={36}
                      aria-label={interpolate(t.removeOption, { n: index + 1 })}
                      onClick={() => removeOption(option.key)}
                    >
                      <IconX size={16} stroke={1.75} />
                    </ActionIcon>
                  </Hint>
                </Group>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} stroke={1.75} />}
                  onClick={() => addOption()}
                  disabled={options.length >= L.options}
                >
                  {t.addOption}
                </Button>
              </Group>
            </Stack>
          </Input.Wrapper>
        )}

        <Textarea
          label={t.description}
          placeholder={t.descriptionPlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={L.descriptionMax}
          value={description}
          onChange={(event) => {
            setDescription(event.currentTarget.value);
            setServerErrors((errors) => ({ ...errors, description: undefined }));
          }}
          error={serverErrors.description}
          description={interpolate(appTexts.common.charactersCount, {
            count: description.length,
            max: L.descriptionMax,
          })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-testid="field-description-input"
        />
        <Switch
          label={t.requiredOnUpload}
          description={t.requiredOnUploadHint}
          checked={required}
          onChange={(event) => setRequired(event.currentTarget.checked)}
          data-testid="field-required-switch"
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onDone}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" loading={pending} disabled={!valid || !changed || blocked}>
            {field ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
