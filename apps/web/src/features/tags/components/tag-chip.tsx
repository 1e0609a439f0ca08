import { interpolate, type Tag } from '@hookline/contract';
import { UnstyledButton } from '@mantine/core';
import { IconCheck, IconScan } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Hint } from '@/components/hint';
import { tagsTexts } from '@/config/texts/tags';
import classes from './tags.module.css';

const t = tagsTexts.tagsPage;

export interface TagChipProps {
  tag: Tag;
  /** Shown after the name when the tag usage count flag is on. */
  showUsage: boolean;
  /** Selecting (000 §2 "tag category picker"): the chip is a checkbox. */
  selecting: boolean;
  selected: boolean;
  /** Without write access the chip is plain text. */
  interactive: boolean;
  onOpen: (tag: Tag) => void;
  onToggle: (tag: Tag) => void;
}

/**
 * One tag as a pill. A click opens its info; while selecting it toggles the tag, and a
 * Ctrl/Cmd- or Shift-click toggles it at any time (starting a selection).
 */
export function TagChip({
  tag,
  showUsage,
  selecting,
  selected,
  interactive,
  onOpen,
  onToggle,
}: TagChipProps) {
  const content = (
    <>
      {selecting && selected && <IconCheck size={13} stroke={2.25} aria-hidden />}
      <span className={classes.tagName}>{tag.name}</span>
      {tag.autoSearchInFiles && (
        <Hint label={t.autoSearchOn}>
          <IconScan size={13} stroke={1.75} aria-label={t.autoSearchOn} data-testid="tag-auto-search" />
        </Hint>
      )}
      {showUsage && (
        <span className={classes.tagMeta} data-testid="tag-usage">
          {tag.usageCount}
        </span>
      )}
    </>
  );

  if (!interactive) {
    const chip = (
      <span className={classes.tag} data-testid="tag-chip">
        {content}
      </span>
    );
    return tag.description ? (
      <Hint label={tag.description} multiline>
        {chip}
      </Hint>
    ) : (
      chip
    );
  }

  const onClick = (event: MouseEvent) => {
    if (selecting || event.metaKey || event.ctrlKey || event.shiftKey) onToggle(tag);
    else onOpen(tag);
  };

  return selecting ? (
    <UnstyledButton
      className={classes.tag}
      role="checkbox"
      aria-checked={selected}
      aria-label={interpolate(t.selectTag, { name: tag.name })}
      onClick={onClick}
      data-testid="tag-chip"
    >
      {content}
    </UnstyledButton>
  ) : (
    <UnstyledButton
      className={classes.tag}
      aria-label={interpolate(t.openTag, { name: tag.name })}
      onClick={onClick}
      data-testid="tag-chip"
    >
      {content}
    </UnstyledButton>
  );
}
