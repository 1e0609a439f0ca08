import { TAG_LIMITS } from '@hookline/contract';
import { TagsInput, Text } from '@mantine/core';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useTagCategories } from '../api';

const t = tagsTexts.tags;
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface TagSelectorProps {
  scope: BrandScope;
  /** The chosen tags' names. */
  value: string[];
  onChange: (names: string[]) => void;
  /** Shift+Enter: the surrounding form submits (the add-tags dialog). */
  onSubmit?: () => void;
  /** Chips only: no entry and no ×. */
  readOnly?: boolean;
  /** Shown instead of the entry while editing is blocked (analysis in progress). */
  blockedReason?: string;
  label?: string;
  autoFocus?: boolean;
}

/**
 * The tag selector (000 §2, §5): chips of the chosen tags, the brand's tags by category as
 * suggestions, and inline entry: Enter, Tab or comma adds the typed value (a known tag by
 * name, ignoring case, or a new one that the caller creates in General), Shift+Enter submits,
 * Escape cancels the typing, Backspace on an empty entry removes the last chip, duplicates
 * are ignored. Names longer than a tag name may be are cut at the limit.
 */
export function TagSelector({
  scope,
  value,
  onChange,
  onSubmit,
  readOnly = false,
  blockedReason,
  label,
  autoFocus,
}: TagSelectorProps) {
  // The suggestions load when the field is first used (a player shows it for every file).
  const [wanted, setWanted] = useState(Boolean(autoFocus));
  const categories = useTagCategories(scope, false, wanted);
  const [search, setSearch] = useState('');
  // The suggestions open on a click or while typing and close once a tag is added, so they
  // never stay over the buttons below the field.
  const [open, setOpen] = useState(false);
  const data = useMemo(
    () =>
      (categories.data ?? [])
        .map((category) => ({ group: category.name, items: category.children.map((tag) => tag.name) }))
        .filter((group) => group.items.length > 0),
    [categories.data],
  );
  const locked = readOnly || Boolean(blockedReason);

  const add = (raw: string) => {
    const name = raw.trim().slice(0, TAG_LIMITS.nameMax);
    setSearch('');
    setOpen(false);
    if (!name || value.some((chosen) => sameName(chosen, name))) return;
    // A known tag keeps its own spelling.
    const known = data.flatMap((group) => group.items).find((existing) => sameName(existing, name));
    onChange([...value, known ?? name]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      if (search.trim()) add(search);
      onSubmit?.();
    } else if (event.key === 'Tab' && search.trim()) {
      event.preventDefault();
      add(search);
    } else if (event.key === 'Escape' && (search || open)) {
      // Cancels the typing (and the suggestions), not the dialog around the field.
      event.preventDefault();
      event.stopPropagation();
      setSearch('');
      setOpen(false);
    }
  };

  return (
    <div>
      <TagsInput
        label={label}
        aria-label={label ? undefined : t.tags}
        placeholder={locked ? undefined : t.placeholder}
        data={data}
        value={value}
        onChange={(names) => {
          // Typed or picked: the same rules (known spelling, no duplicates, the length limit).
          const next: string[] = [];
          for (const name of names) {
            const trimmed = name.trim().slice(0, TAG_LIMITS.nameMax);
            const known = data
              .flatMap((group) => group.items)
              .find((existing) => sameName(existing, trimmed));
            const chosen = known ?? trimmed;
            if (chosen && !next.some((kept) => sameName(kept, chosen))) next.push(chosen);
          }
          setOpen(false);
          // A duplicate typed again changes nothing.
          if (next.length !== value.length || next.some((name, i) => name !== value[i])) onChange(next);
        }}
        searchValue={search}
        onSearchChange={(next) => {
          setSearch(next.slice(0, TAG_LIMITS.nameMax + 1));
          if (next) setOpen(true);
        }}
        dropdownOpened={open && !locked}
        onDropdownOpen={() => setOpen(true)}
        onDropdownClose={() => setOpen(false)}
        openOnFocus={false}
        onKeyDown={onKeyDown}
        onFocus={() => setWanted(true)}
        isDuplicate={(name, current) => current.some((chosen) => sameName(chosen, name))}
        acceptValueOnBlur={false}
        readOnly={locked}
        autoFocus={autoFocus}
        clearable={false}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
        data-testid="tag-selector"
      />
      {blockedReason ? (
        <Text size="xs" c="dimmed" mt={4}>
          {blockedReason}
        </Text>
      ) : (
        !readOnly && (
          <Text size="xs" c="dimmed" mt={4}>
            {t.hint}
          </Text>
        )
      )}
    </div>
  );
}
