/**
 * Duplicates at upload (issue 15 "Beyond"): the notices after an upload and the
 * /library/duplicates page (both loaded on demand). The contract's duplicateMessages give
 * 'Identical to {name}', 'Looks like a duplicate of {name}', 'Keep both' and 'Skip'.
 */
export const duplicatesTexts = {
  /** More than 3 duplicates in one upload: one notice with a link to the page. */
  many: '{count} files look like duplicates',
  review: 'Review duplicates',
  /** The page. */
  group: '1 group',
  groups: '{count} groups',
  original: 'Original',
  keepThis: 'Keep this one',
  notDuplicates: 'Not duplicates',
  confirmTitle: 'Keep one file',
  confirmOne: 'Delete 1 other file?',
  confirmMany: 'Delete {count} other files?',
  confirmText: 'Only "{name}" stays. These files go:',
  delete: 'Delete',
  cancel: 'Cancel',
  kept: 'Kept "{name}"',
  markedNotDuplicates: 'Marked as not duplicates',
  loadMore: 'Load more',
  empty: 'No duplicates found',
  emptyHint:
    'When a new upload looks like a file already in the library (the same file, a re-encode or a resized copy), both show up here so you can keep one.',
  goToLibrary: 'Go to the library',
  loadFailed: 'Duplicates could not be loaded',
} as const;
