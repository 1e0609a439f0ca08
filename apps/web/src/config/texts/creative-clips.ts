/** The subtypes under a sidebar type and the brand-wide /creative-clips grid (loaded on demand). */
export const creativeClipsTexts = {
  showMore: 'Show more',
  noSubtypes: 'No subtypes yet',
  subtypesFailed: 'Subtypes could not be loaded',
  retry: 'Retry',
  clip: '1 clip',
  clips: '{count} clips',
  types: 'Types',
  allTypes: 'All types',
  pickTypes: 'Pick types',
  removeSubtype: 'Remove subtype {subtype}',
  hooksOnly: 'Hooks only',
  hook: 'Hook',
  hookHint: 'This clip opens the video (it starts in its first 3 seconds)',
  empty: 'No creative clips yet',
  emptyHint:
    'Clips are found in the speech of analysed videos: pain points, solutions, calls to action and more. Upload videos with speech to see them here.',
  emptyFiltered: 'No clips match these filters',
  clearFilters: 'Clear filters',
  goToLibrary: 'Go to the library',
  loadFailed: 'Creative clips could not be loaded',
  timeRange: '{start}–{end}',
} as const;
