import { interpolate, type Tag, type TagCategory, tagsMessages } from '@hookline/contract';
import { ActionIcon, Anchor, Badge, Group, Menu, Text, Title } from '@mantine/core';
import { IconDots, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Hint } from '@/components/hint';
import { tagsTexts } from '@/config/texts/tags';
import type { BrandScope } from '@/entities/asset/api/keys';
import { InlineTagEntry } from './inline-tag-entry';
import { TagChip } from './tag-chip';
import classes from './tags.module.css';

const t = tagsTexts.tagsPage;

/** Tags a collapsed category shows; the rest behind 'Show all'. */
export const COLLAPSED_TAGS = 5;

export interface CategorySectionProps {
  scope: BrandScope;
  category: TagCategory;
  canManage: boolean;
  showUsage: boolean;
  selecting: boolean;
  isSelected: (id: string) => boolean;
  onToggleTag: (tag: Tag) => void;
  onOpenTag: (tag: Tag) => void;
  onRename: (category: TagCategory) => void;
  onDelete: (category: TagCategory) => void;
}

/**
 * One tag category (000 §3): its name and tag count, its tags as pills (five, then 'Show
 * all'), inline entry, and for CUSTOM categories a menu to rename or delete it. SYSTEM
 * categories (General) have no menu: they cannot be renamed or deleted (000 §6).
 */
export function CategorySection({
  scope,
  category,
  canManage,
  showUsage,
  selecting,
  isSelected,
  onToggleTag,
  onOpenTag,
  onRename,
  onDelete,
}: CategorySectionProps) {
  const [expanded, setExpanded] = useState(false);
  const tags = category.children;
  const shown = expanded ? tags : tags.slice(0, COLLAPSED_TAGS);
  const hidden = tags.length - shown.length;
  const system = category.type === 'SYSTEM';
  const titleId = `tag-category-${category.id}`;

  return (
    <section className={classes.section} aria-labelledby={titleId} data-testid="tag-category">
      <div className={classes.sectionHeader}>
        <Group gap={8} wrap="nowrap" miw={0}>
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {category.name}
          </Title>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            size="sm"
            style={{ fontVariantNumeric: 'tabular-nums', flex: '0 0 auto' }}
            data-testid="tag-category-count"
          >
            {category.tagsCount}
          </Badge>
          {system && (
            <Hint label={tagsMessages.systemCategory}>
              <Badge
                variant="transparent"
                color="gray"
                size="sm"
                tt="none"
                fw={500}
                leftSection={<IconLock size={12} stroke={1.75} aria-hidden />}
                style={{ flex: '0 0 auto' }}
              >
                {t.system}
              </Badge>
            </Hint>
          )}
        </Group>
        {canManage && !system && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={interpolate(t.categoryActions, { name: category.name })}
                data-testid="tag-category-menu"
              >
                <IconDots size={16} stroke={1.75} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={16} stroke={1.75} />}
                onClick={() => onRename(category)}
              >
                {t.rename}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} stroke={1.75} />}
                onClick={() => onDelete(category)}
              >
                {t.delete}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </div>

      <div className={classes.tags} data-testid="tag-list">
        {shown.map((tag) => (
          <TagChip
            key={tag.id}
            tag={tag}
            showUsage={showUsage}
            selecting={selecting}
            selected={isSelected(tag.id)}
            interactive={canManage}
            onOpen={onOpenTag}
            onToggle={onToggleTag}
          />
        ))}
        {tags.length === 0 && (
          <Text size="sm" c="dimmed" className={classes.emptyText}>
            {t.noTags}
          </Text>
        )}
        {canManage && !selecting && (
          <InlineTagEntry scope={scope} category={category} onAdded={() => setExpanded(true)} />
        )}
      </div>

      {(hidden > 0 || (expanded && tags.length > COLLAPSED_TAGS)) && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          mt={10}
          onClick={() => setExpanded((open) => !open)}
          aria-expanded={expanded}
          data-testid="tag-category-toggle"
        >
          {expanded ? t.showLess : interpolate(t.showAll, { count: tags.length })}
        </Anchor>
      )}
    </section>
  );
}
