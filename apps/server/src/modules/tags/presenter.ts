import type { Tag, TagCategory } from '@hookline/contract';
import type { TagCategoryRow, TagWithUsage } from './repository.js';

/** The only way tag rows become answers (000 §3 "Tag and category"). */
export const presentTag = (row: TagWithUsage): Tag => ({
  id: row.id,
  name: row.name,
  categoryId: row.categoryId,
  autoSearchInFiles: row.autoSearchInFiles,
  description: row.description,
  usageCount: row.usageCount,
});

export const presentCategory = (row: TagCategoryRow, children: TagWithUsage[]): TagCategory => ({
  id: row.id,
  name: row.name,
  type: row.type,
  tagsCount: children.length,
  children: children.map(presentTag),
});
