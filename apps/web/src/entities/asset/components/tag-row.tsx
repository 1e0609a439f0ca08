import { interpolate, TAG_ROW_VISIBLE_TAGS, type TagRef } from '@hookline/contract';
import { Badge, Group } from '@mantine/core';
import { Hint } from '@/components/hint';
import { tagsLabels } from '@/config/texts/tags-labels';
import classes from './asset.module.css';

/**
 * An item's tags on a card or list row (000 §9: the row shows 3 tags): the first three, then
 * '+N' with the rest in its tooltip. Nothing when the item has none.
 *
 * Only the tags people chose: the AI analysis's (orientation, resolution, colours, what a
 * vision model saw) would fill every card with the same few words. They show, marked, in the
 * player's overview, and filters and search use them.
 */
export function TagRow({ tags: all, max = TAG_ROW_VISIBLE_TAGS }: { tags: readonly TagRef[]; max?: number }) {
  const tags = all.filter((tag) => tag.source !== 'AI');
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.slice(max);
  return (
    <Group gap={4} wrap="nowrap" className={classes.tagRow} data-testid="tag-row">
      {shown.map((tag) => (
        <Badge
          key={tag.id}
          size="sm"
          variant="light"
          color="gray"
          radius="sm"
          tt="none"
          fw={500}
          className={classes.tag}
          title={tag.name}
        >
          {tag.name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Hint label={rest.map((tag) => tag.name).join(', ')}>
          <Badge
            size="sm"
            tt="none"
            variant="outline"
            color="gray"
            radius="sm"
            style={{ flexShrink: 0, overflow: 'visible' }}
            aria-label={interpolate(tagsLabels.moreTags, { count: rest.length })}
          >
            +{rest.length}
          </Badge>
        </Hint>
      )}
    </Group>
  );
}
