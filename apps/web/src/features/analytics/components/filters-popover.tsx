import {
  type AnalyticsCreativeField,
  type AnalyticsFilterItem,
  type AnalyticsFilterKind,
  adFileTypes,
  analyticsAdFields,
  analyticsFilterKinds,
  analyticsMetadataFields,
  analyticsMetadataOperators,
  analyticsMetricOperators,
  analyticsMetrics,
  analyticsScores,
  analyticsTextOperators,
  namingFieldTitle,
  namingKey,
} from '@hookline/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  MultiSelect,
  Popover,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { analyticsTexts } from '@/config/texts/analytics';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useNamingConvention } from '@/entities/naming-convention/api';
import { useTags } from '@/entities/tag/api';
import { useFeatureFlag } from '@/lib/feature-flags';
import { useCreativeOptions } from '../api/analytics';
import { creativeKinds, filterComplete, filterLabel, filtersToApply, newFilter } from '../filter-items';

const t = analyticsTexts.filters;
// Inside the popover, a dropdown rendered in a portal would count as a click outside it.
const inline = { withinPortal: false } as const;
const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * The filter builder (001 §2 "Filters"): the filters being edited as rows, each by its kind;
 * Apply sends the complete ones (empty values are dropped). The creative-info kinds show only
 * behind mediaCreativeFields; their values are typed (any of them matches).
 */
export function FiltersPopover({
  scope,
  value,
  onChange,
}: {
  scope: BrandScope;
  value: AnalyticsFilterItem[];
  onChange: (filters: AnalyticsFilterItem[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<AnalyticsFilterItem[]>(value);
  const creative = useFeatureFlag('mediaCreativeFields');
  // A naming field filter only once the brand has a naming convention with fields.
  const naming = useNamingConvention(scope).data?.fields ?? [];
  const kinds = analyticsFilterKinds.filter(
    (kind) =>
      (kind !== 'naming' || naming.length > 0) &&
      (creative || !(creativeKinds as readonly string[]).includes(kind)),
  );
  const open = () => {
    setDraft(value.length > 0 ? value : []);
    setOpened(true);
  };
  const setItem = (index: number, item: AnalyticsFilterItem) =>
    setDraft((current) => current.map((existing, i) => (i === index ? item : existing)));
  const apply = () => {
    onChange(filtersToApply(draft));
    setOpened(false);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={560}
      shadow="md"
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          variant={value.length > 0 ? 'light' : 'default'}
          size="sm"
          leftSection={<IconFilter size={14} />}
          rightSection={
            value.length > 0 ? (
              <Badge size="xs" circle>
                {value.length}
              </Badge>
            ) : null
          }
          onClick={() => (opened ? setOpened(false) : open())}
          data-testid="analytics-filters"
        >
          {t.button}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="analytics-filters-panel">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t.title}
          </Text>
          {draft.length === 0 && (
            <Text size="sm" c="dimmed">
              {t.none}
            </Text>
          )}
          {draft.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: filters are edited in place.
            <Stack key={index} gap={4} data-testid="filter-row">
              <Group justify="space-between" gap="xs">
                <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                  {t.kinds[item.id]}
                </Text>
                <Group gap={4}>
                  {!filterComplete(item) && (
                    <Text size="xs" c="red" data-testid="filter-invalid">
                      {t.invalid}
                    </Text>
                  )}
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t.remove}
                    onClick={() => setDraft((current) => current.filter((_, i) => i !== index))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              </Group>
              <FilterEditor scope={scope} item={item} onChange={(next) => setItem(index, next)} />
            </Stack>
          ))}
          <Group justify="space-between">
            <Menu position="bottom-start" withinPortal={false}>
              <Menu.Target>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  data-testid="filter-add"
                >
                  {t.add}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {kinds.map((kind) => (
                  <Menu.Item
                    key={kind}
                    onClick={() =>
                      setDraft((current) => [
                        ...current,
                        kind === 'naming' && naming[0]
                          ? { ...newFilter(kind), params: { field: namingKey(naming[0]), value: '' } }
                          : newFilter(kind),
                      ])
                    }
                    data-testid={`filter-add-${kind}`}
                  >
                    {t.kinds[kind]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setDraft([])} disabled={draft.length === 0}>
                {t.clear}
              </Button>
              <Button size="xs" onClick={apply} data-testid="filter-apply">
                {t.apply}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** One filter row's editor: the brand, the filter being edited, and its change. */
interface FilterRowProps {
  scope: BrandScope;
  item: AnalyticsFilterItem;
  onChange: (item: AnalyticsFilterItem) => void;
}

function FilterEditor({ scope, item, onChange }: FilterRowProps) {
  const params = item.params ?? {};
  const naming = useNamingConvention(scope).data?.fields ?? [];
  const namingOptions = naming.map((field) => ({ value: namingKey(field), label: namingFieldTitle(field) }));
  const setParams = (patch: Partial<NonNullable<AnalyticsFilterItem['params']>>) =>
    onChange({ ...item, params: { ...params, ...patch } });
  switch (item.id) {
    case 'fileType':
      return (
        <MultiSelect
          aria-label={t.kinds.fileType}
          data={options(adFileTypes, t.fileTypes)}
          value={(item.children ?? []).map((child) => child.id)}
          onChange={(ids) => onChange({ ...item, children: ids.map((id) => ({ id })) })}
          comboboxProps={inline}
          size="xs"
        />
      );
    case 'tags':
      return <TagsFilter scope={scope} item={item} onChange={onChange} />;
    case 'adField':
    case 'naming':
      return (
        <Group gap="xs" wrap="nowrap" grow>
          <Select
            aria-label={t.kinds[item.id]}
            data={item.id === 'naming' ? namingOptions : options(analyticsAdFields, t.adFields)}
            value={params.field ?? null}
            allowDeselect={false}
            onChange={(field) => field && setParams({ field })}
            comboboxProps={inline}
            size="xs"
          />
          <Select
            aria-label={analyticsTexts.dynamic.operator}
            data={options(analyticsTextOperators, t.textOperators)}
            value={item.operator ?? null}
            allowDeselect={false}
            onChange={(operator) => operator && onChange({ ...item, operator })}
            comboboxProps={inline}
            size="xs"
          />
          <TextInput
            aria-label={t.value}
            placeholder={t.value}
            value={String(params.value ?? '')}
            maxLength={300}
            onChange={(event) => setParams({ value: event.currentTarget.value })}
            size="xs"
            data-testid="filter-text"
          />
        </Group>
      );
    case 'metric':
    case 'score':
    case 'metadata': {
      const fieldKey = item.id === 'metadata' ? 'field' : 'metric';
      const fields =
        item.id === 'metric'
          ? options(analyticsMetrics, t.metrics)
          : item.id === 'score'
            ? options(analyticsScores, t.scores)
            : options(analyticsMetadataFields, t.metadataFields);
      const operators =
        item.id === 'metadata'
          ? options(analyticsMetadataOperators, t.metadataOperators)
          : options(analyticsMetricOperators, t.metricOperators);
      return (
        <Group gap="xs" wrap="nowrap" grow>
          <Select
            aria-label={t.kinds[item.id]}
            data={fields}
            value={(params[fieldKey] as string | undefined) ?? null}
            allowDeselect={false}
            onChange={(value) => value && setParams({ [fieldKey]: value })}
            comboboxProps={inline}
            size="xs"
            data-testid="filter-field"
          />
          <Select
            aria-label={analyticsTexts.dynamic.operator}
            data={operators}
            value={params.operator ?? null}
            allowDeselect={false}
            onChange={(operator) => operator && setParams({ operator })}
            comboboxProps={inline}
            size="xs"
            data-testid="filter-operator"
          />
          <TextInput
            aria-label={t.value}
            placeholder={t.value}
            inputMode="decimal"
            value={String(params.value ?? '')}
            onChange={(event) => setParams({ value: event.currentTarget.value })}
            size="xs"
            data-testid="filter-number"
          />
        </Group>
      );
    }
    default:
      return <CreativeValuesFilter scope={scope} item={item} onChange={onChange} />;
  }
}

/** The creative-info filters' options search waits this long after typing stops (001 §5). */
const OPTIONS_DEBOUNCE_MS = 500;

/**
 * A creative-info filter's values (any of them matches): typed freely, with the brand's values
 * containing what is typed suggested (searched 500 ms after typing stops, most used first).
 */
function CreativeValuesFilter({ scope, item, onChange }: FilterRowProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), OPTIONS_DEBOUNCE_MS);
  const [focused, setFocused] = useState(false);
  const field = item.id as AnalyticsCreativeField;
  const options = useCreativeOptions(scope, field, debounced, focused);
  const values = (item.children ?? []).map((child) => child.id);
  // The suggestions the input does not already hold (it refuses duplicates anyway).
  const data = [...new Set((options.data ?? []).map((option) => option.value))].filter(
    (value) => !values.includes(value),
  );
  return (
    <TagsInput
      aria-label={t.kinds[item.id as AnalyticsFilterKind]}
      placeholder={t.valuesPlaceholder}
      value={values}
      onChange={(next) => onChange({ ...item, children: next.slice(0, 100).map((id) => ({ id })) })}
      searchValue={search}
      onSearchChange={setSearch}
      onFocus={() => setFocused(true)}
      data={data}
      // The server has matched what is typed; the input shows its answer as it is.
      filter={({ options: all }) => all}
      limit={50}
      maxDropdownHeight={220}
      comboboxProps={inline}
      size="xs"
      data-testid="filter-values"
    />
  );
}

function TagsFilter({ scope, item, onChange }: FilterRowProps) {
  const tags = useTags(scope);
  const data = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const names = new Map(data.map((tag) => [tag.value, tag.label]));
  return (
    <MultiSelect
      aria-label={t.kinds.tags}
      placeholder={t.tagsPlaceholder}
      data={data}
      searchable
      value={(item.children ?? []).map((child) => child.id)}
      onChange={(ids) =>
        onChange({ ...item, children: ids.map((id) => ({ id, name: names.get(id) ?? id })) })
      }
      comboboxProps={inline}
      size="xs"
      data-testid="filter-tags"
    />
  );
}

/** The applied filters as chips, each with its remove button. */
export function FilterChips({
  value,
  onChange,
}: {
  value: AnalyticsFilterItem[];
  onChange: (filters: AnalyticsFilterItem[]) => void;
}) {
  if (value.length === 0) return null;
  return (
    <Group gap={6} data-testid="filter-chips">
      {value.map((item, index) => (
        <Badge
          // biome-ignore lint/suspicious/noArrayIndexKey: the chips follow the filters' order.
          key={index}
          variant="light"
          color="gray"
          tt="none"
          fw={500}
          size="lg"
          rightSection={
            <ActionIcon
              size="xs"
              variant="transparent"
              color="gray"
              aria-label={`${t.remove}: ${filterLabel(item)}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <IconX size={12} />
            </ActionIcon>
          }
          data-testid="filter-chip"
        >
          {filterLabel(item)}
        </Badge>
      ))}
    </Group>
  );
}
