import { interpolate, TAG_LIMITS, type Tag, tagNameSchema } from '@hookline/contract';
import { tagsTexts } from '@/config/texts/tags';

/**
 * What an inline tag entry adds (000 §5 "Tag inline input"): the typed value split on commas,
 * each name trimmed, blanks dropped, duplicates (ignoring case) ignored, both within the value
 * and against the category's own tags. A name that breaks the rule (over 20 characters, a
 * control character) stops the whole value with its message, so nothing is half-added.
 */
export type TagEntry = { names: string[]; error?: undefined } | { names?: undefined; error: string };

const sameName = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export function parseTagEntry(value: string, existing: readonly Pick<Tag, 'name'>[]): TagEntry {
  const names: string[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (!name) continue;
    if (name.length > TAG_LIMITS.nameMax)
      return { error: interpolate(tagsTexts.tagsPage.nameTooLong, { max: TAG_LIMITS.nameMax }) };
    const checked = tagNameSchema.safeParse(name);
    if (!checked.success)
      return { error: checked.error.issues[0]?.message ?? tagsTexts.tagsPage.nameRequired };
    if (names.some((kept) => sameName(kept, name))) continue;
    if (existing.some((tag) => sameName(tag.name, name))) continue;
    names.push(name);
  }
  return { names };
}
