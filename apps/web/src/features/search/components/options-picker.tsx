import type { SearchOption, SearchOptionEntity } from '@hookline/contract';
import { interpolate } from '@hookline/contract';
import { Button, Checkbox, Loader, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { searchTexts as t } from '@/config/texts/search';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useSearchOptions, useSubtypeOptions } from '../api/search';
import type { FilterChoice } from '../search-state';
import classes from './search.module.css';

/** The combobox's search waits this long after typing stops (000 §9, 001 §5). */
const DEBOUNCE_MS = 500;

/**
 * A filter's values from GET search-options: a search box (debounced 500 ms), the matching
 * options, and the next 50 as the list is scrolled to its end while the last page came back
 * full. Several values (checkboxes) or one (`single`).
 */
export function OptionsPicker({
  scope,
  entity,
  label,
  value,
  onChange,
  single = false,
  fieldId,
  showDetail = true,
  onPickOption,
}: {
  scope: BrandScope;
  entity: SearchOptionEntity;
  label: string;
  value: FilterChoice[];
  onChange: (value: FilterChoice[]) => void;
  single?: boolean;
  fieldId?: string;
  showDetail?: boolean;
  /** The picked option itself (its detail: a custom field's type). */
  onPickOption?: (option: SearchOption) => void;
}) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), DEBOUNCE_MS);
  // Subtypes come from the scene subtype search, 5 then 20 at a time ('Show more').
  const bySubtype = entity === 'CLIP_SUBTYPE';
  const listed = useSearchOptions(scope, entity, debounced, fieldId ? { fieldId } : {}, !bySubtype);
  const subtypes = useSubtypeOptions(scope, debounced, bySubtype);
  const options = bySubtype ? subtypes : listed;
  const items = useMemo(
    () => (bySubtype ? subtypes.data?.pages.flatMap((p) => p.items) : listed.data?.pages.flat()) ?? [],
    [bySubtype, subtypes.data, listed.data],
  );
  const chosen = new Set(value.map((v) => v.id));
  const toggle = (option: SearchOption) => {
    const choice = { id: option.id, name: option.name };
    onPickOption?.(option);
    onChange(
      single
        ? [choice]
        : chosen.has(choice.id)
          ? value.filter((v) => v.id !== choice.id)
          : [...value, choice],
    );
  };
  return (
    <Stack gap={6}>
      <TextInput
        size="xs"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        placeholder={interpolate(t.searchOptions, { name: label.toLowerCase() })}
        aria-label={interpolate(t.searchOptions, { name: label.toLowerCase() })}
        leftSection={<IconSearch size={14} />}
        data-autofocus
      />
      <ScrollArea.Autosize
        mah={240}
        type="auto"
        onBottomReached={() => {
          if (options.hasNextPage && !options.isFetchingNextPage) void options.fetchNextPage();
        }}
      >
        <Stack gap={4} className={classes.optionList} data-testid={`options-${entity}`}>
          {items.map((option) => {
            const text = <OptionLabel key={option.id} option={option} showDetail={showDetail} />;
            return single ? (
              <Radio
                key={option.id}
                size="xs"
                label={text}
                checked={chosen.has(option.id)}
                onChange={() => toggle(option)}
              />
            ) : (
              <Checkbox
                key={option.id}
                size="xs"
                label={text}
                checked={chosen.has(option.id)}
                onChange={() => toggle(option)}
              />
            );
          })}
          {options.isFetching && <Loader size="xs" aria-label={t.loadMore} />}
          {bySubtype && subtypes.hasNextPage && !options.isFetching && (
            <Button size="compact-xs" variant="subtle" onClick={() => void subtypes.fetchNextPage()}>
              {t.showMore}
            </Button>
          )}
          {!options.isPending && !options.isFetching && items.length === 0 && (
            <Text size="xs" c="dimmed">
              {t.noOptions}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function OptionLabel({ option, showDetail }: { option: SearchOption; showDetail: boolean }) {
  return (
    <span>
      {option.name}
      {showDetail && option.detail && <span className={classes.optionDetail}> · {option.detail}</span>}
    </span>
  );
}
