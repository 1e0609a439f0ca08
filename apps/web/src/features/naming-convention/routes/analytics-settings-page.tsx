import {
  commonMessages,
  interpolate,
  NAMING_CONVENTION_LIMITS,
  type NamingConventionAnswer,
  type NamingFieldKind,
  namingConventionMessages,
  namingFieldKinds,
  namingFieldTitle,
} from '@hookline/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { namingConventionTexts as t } from '@/config/texts/naming-convention';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useActiveBrand } from '@/entities/brand';
import { useNamingConvention } from '@/entities/naming-convention/api';
import { isAccountAdmin, useProfile } from '@/entities/profile';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { showSuccessToast } from '@/lib/notify';
import { useSaveNamingConvention } from '../api/naming-convention';
import { NamingPreview } from '../components/naming-preview';
import {
  addField,
  checkDraft,
  type Draft,
  type DraftField,
  draftOf,
  previewConvention,
  sameDraft,
} from '../naming-draft';

const kindOptions = namingFieldKinds.map((kind) => ({
  value: kind,
  label: namingFieldTitle({ name: kind }),
}));

/** Settings → Analytics: the brand's ad naming convention, with a live preview on its top ad names. */
export function AnalyticsSettingsPage() {
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const convention = useNamingConvention(scope);

  if (convention.isError)
    return (
      <LoadFailedAlert
        title={t.loadFailed}
        data-testid="naming-convention-error"
        onRetry={() => void convention.refetch()}
      />
    );
  if (!convention.data)
    return (
      <Card aria-busy aria-label={commonMessages.loading} withBorder>
        <Stack gap="md">
          <Skeleton h={20} w="30%" />
          <Skeleton h={36} w={120} />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={160} />
        </Stack>
      </Card>
    );
  // Another brand starts another form.
  return <NamingConventionForm key={brand.id} scope={scope} answer={convention.data} />;
}

function NamingConventionForm({ scope, answer }: { scope: BrandScope; answer: NamingConventionAnswer }) {
  const canEdit = isAccountAdmin(useProfile());
  const save = useSaveNamingConvention(scope);
  const [saved, setSaved] = useState<Draft>(() => draftOf(answer));
  const [draft, setDraft] = useState<Draft>(saved);
  const checked = useMemo(() => checkDraft(draft), [draft]);
  const preview = useMemo(() => previewConvention(draft), [draft]);
  const dirty = canEdit && !sameDraft(draft, saved);

  const setField = (id: number, change: Partial<DraftField>) =>
    setDraft((d) => ({ ...d, fields: d.fields.map((f) => (f.id === id ? { ...f, ...change } : f)) }));

  const submit = async () => {
    if (!checked.ok) throw new Error('The naming convention is not valid');
    const answered = await save.mutateAsync(checked.body);
    const next = draftOf(answered);
    setSaved(next);
    setDraft(next);
    showSuccessToast(namingConventionMessages.saved);
  };
  // Failures show the API's toast; the form keeps the edits.
  const ignoreFailure = () => undefined;
  const { dialog } = useLeaveGuard({ when: dirty, onSave: submit });

  return (
    <Stack gap="lg" data-testid="naming-convention">
      <Card withBorder padding="lg">
        <form
          aria-label={t.title}
          onSubmit={(event) => {
            event.preventDefault();
            if (dirty && checked.ok && !save.isPending) submit().catch(ignoreFailure);
          }}
        >
          <Stack gap="md">
            <div>
              <Title order={3}>{t.title}</Title>
              <Text size="sm" c="dimmed">
                {t.intro}
              </Text>
            </div>
            {!canEdit && (
              <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
                {namingConventionMessages.readOnly}
              </Alert>
            )}
            <TextInput
              label={t.delimiter}
              description={t.delimiterHint}
              w={260}
              value={draft.delimiter}
              maxLength={NAMING_CONVENTION_LIMITS.delimiterMax + 1}
              readOnly={!canEdit}
              error={checked.errors.delimiter}
              onChange={(event) => {
                const delimiter = event.currentTarget.value;
                setDraft((d) => ({ ...d, delimiter }));
              }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Stack gap="xs">
              <Text fw={500} size="sm">
                {t.fields}
              </Text>
              {draft.fields.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t.noFields}
                </Text>
              )}
              {draft.fields.map((field, index) => (
                <Group key={field.id} align="flex-start" gap="sm" wrap="nowrap" data-testid="naming-field">
                  <NumberInput
                    label={t.position}
                    w={110}
                    min={0}
                    max={NAMING_CONVENTION_LIMITS.maxPosition}
                    allowDecimal={false}
                    allowNegative={false}
                    value={field.position}
                    readOnly={!canEdit}
                    error={checked.errors[`fields.${index}.position`]}
                    onChange={(value) =>
                      setField(field.id, {
                        position: typeof value === 'number' ? value : value === '' ? '' : Number(value),
                      })
                    }
                  />
                  <Select
                    label={t.kind}
                    w={170}
                    data={kindOptions}
                    value={field.name}
                    allowDeselect={false}
                    readOnly={!canEdit}
                    error={checked.errors[`fields.${index}.name`]}
                    onChange={(value) => value && setField(field.id, { name: value as NamingFieldKind })}
                  />
                  {field.name === 'custom' && (
                    <TextInput
                      label={t.label}
                      placeholder={t.labelPlaceholder}
                      w={200}
                      maxLength={NAMING_CONVENTION_LIMITS.labelMax}
                      value={field.label}
                      readOnly={!canEdit}
                      error={checked.errors[`fields.${index}.label`]}
                      onChange={(event) => {
                        const label = event.currentTarget.value;
                        setField(field.id, { label });
                      }}
                    />
                  )}
                  {canEdit && (
                    <Tooltip label={interpolate(t.removeField, { position: String(field.position) })}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        mt={26}
                        size="lg"
                        aria-label={interpolate(t.removeField, { position: String(field.position) })}
                        onClick={() =>
                          setDraft((d) => ({ ...d, fields: d.fields.filter((f) => f.id !== field.id) }))
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ))}
              {checked.errors.fields && (
                <Text size="xs" c="red.8">
                  {checked.errors.fields}
                </Text>
              )}
            </Stack>
            {canEdit && (
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} />}
                  disabled={draft.fields.length >= NAMING_CONVENTION_LIMITS.fields}
                  onClick={() => setDraft((d) => addField(d, namingFieldKinds))}
                >
                  {t.addField}
                </Button>
                <Button type="submit" disabled={!dirty || !checked.ok} loading={save.isPending}>
                  {t.save}
                </Button>
              </Group>
            )}
            {answer.stats.ads > 0 && answer.fields.length > 0 && (
              <Text size="xs" c="dimmed" data-testid="naming-stats">
                {interpolate(t.parsedCount, { parsed: answer.stats.parsed, ads: answer.stats.ads })}
              </Text>
            )}
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg">
        <NamingPreview sample={answer.sample} convention={preview} />
      </Card>
      {dialog}
    </Stack>
  );
}
