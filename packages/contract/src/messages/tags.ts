export const tagsMessages = {
  categoryAlreadyExists: 'A category with this name already exists',
  tagAlreadyExists: 'A tag with this name already exists',
  systemCategory: 'System categories cannot be changed',
  unknownTag: 'Unknown tag',
  unknownCategory: 'Unknown tag category',
  autoSearchLimit: 'Auto-search is on for {limit} tags, the most your account allows',
  foldersCannotBeTagged: 'Only files can be tagged',
  categoryCreated: 'Category created',
  categoryUpdated: 'Category updated',
  categoryDeleted: 'Category deleted',
} as const;
