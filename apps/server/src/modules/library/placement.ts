/**
 * Where a new library item sits: under `parent` (null: the top level), with the materialised
 * path of its ancestors' ids and its depth. The one place this rule is written; moves and
 * copies rewrite paths from the same shape.
 */
export function placeUnder(
  parent: { id: string; path: string; depth: number } | null,
  id: string,
): { parentId: string | null; path: string; depth: number } {
  return {
    parentId: parent?.id ?? null,
    path: `${parent?.path ?? '/'}${id}/`,
    depth: parent ? parent.depth + 1 : 0,
  };
}
