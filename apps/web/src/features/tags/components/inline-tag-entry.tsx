import { interpolate, type Tag, type TagCategory, tagsMessages } from '@hookline/contract';
import { Loader, TextInput, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useCreateTags } from '@/entities/tag/api';
import { useCreateTag } from '../api/create-tag';
import { hasStatus, serverMessage, toastFailure } from '../api/failures';
import { parseTagEntry } from '../utils/tag-entry';
import classes from './tags.module.css';

const t = tagsTexts.tagsPage;

/**
 * Inline tag entry in a category (000 §5): Enter, Tab or a comma adds what was typed (several
 * comma-separated names at once go through the bulk create), Escape cancels. Names the
 * category has are ignored; a name the brand has elsewhere shows the server's 409 inline.
 */
export function InlineTagEntry({
  scope,
  category,
  onAdded,
}: {
  scope: BrandScope;
  category: TagCategory;
  /** After tags were added (the section shows them all). */
  onAdded: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const createOne = useCreateTag(scope);
  const createMany = useCreateTags(scope);
  const pending = createOne.isPending || createMany.isPending;

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setValue('');
    setError(null);
  };

  /** Adds `text`; whatever `rest` holds stays in the input (a comma typed mid-word). */
  const commit = (text: string, rest = '') => {
    const entry = parseTagEntry(text, category.children);
    if (entry.error !== undefined) {
      setError(entry.error);
      setValue(text);
      return;
    }
    setError(null);
    setValue(rest);
    const { names } = entry;
    if (names.length === 0) return;
    if (names.length === 1) {
      createOne.mutate(
        { name: names[0] as string, categoryId: category.id },
        {
          onSuccess: onAdded,
          onError: (failure) => {
            if (hasStatus(failure, 409)) {
              setError(serverMessage(failure) ?? tagsMessages.tagAlreadyExists);
              setValue((current) => current || text.trim());
            } else toastFailure(failure);
          },
        },
      );
      return;
    }
    createMany.mutate(
      { names, categoryId: category.id },
      {
        onSuccess: (tags: Tag[]) => {
          onAdded();
          // The bulk create answers a name the brand has elsewhere with that tag, unmoved.
          const elsewhere = tags.filter((tag) => tag.categoryId !== category.id).map((tag) => tag.name);
          if (elsewhere.length > 0)
            setError(interpolate(t.alreadyElsewhere, { names: elsewhere.join(', ') }));
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(value);
    } else if (event.key === 'Tab' && !event.shiftKey && value.trim()) {
      event.preventDefault();
      commit(value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted.includes(',')) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    commit(`${value.slice(0, start)}${pasted}${value.slice(end)}`);
  };

  if (!open) {
    return (
      <UnstyledButton className={classes.addTag} onClick={() => setOpen(true)} data-testid="add-tag">
        <IconPlus size={14} stroke={1.75} aria-hidden />
        {t.addTag}
      </UnstyledButton>
    );
  }

  return (
    <TextInput
      ref={inputRef}
      className={classes.entry}
      size="xs"
      radius="xl"
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onBlur={() => {
        if (!value.trim() && !pending) close();
      }}
      placeholder={t.addTagPlaceholder}
      aria-label={interpolate(t.addTagLabel, { category: category.name })}
      title={t.addTagHint}
      error={error}
      rightSection={pending ? <Loader size={12} /> : undefined}
      data-testid="tag-entry"
    />
  );
}
