import type { Tag } from '@hookline/contract';

/**
 * Tag names as the selector holds them, turned into ids: known tags by name (ignoring case),
 * the rest created first (in General) through `create`, which answers the tags it made or
 * found.
 */
export async function resolveTagIds(
  names: readonly string[],
  known: readonly Tag[],
  create: (names: string[]) => Promise<Tag[]>,
): Promise<string[]> {
  const byName = new Map(known.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const missing = names.filter((name) => !byName.has(name.toLowerCase()));
  if (missing.length > 0) for (const tag of await create(missing)) byName.set(tag.name.toLowerCase(), tag.id);
  return names.flatMap((name) => {
    const id = byName.get(name.toLowerCase());
    return id ? [id] : [];
  });
}
