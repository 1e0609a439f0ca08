/** Creative clips words the shell shows before any creative clips code loads (issue 15): keep them few. */
export const creativeClipsNavTexts = {
  /** The sidebar section, its entry and the page's title. */
  section: 'Creative clips',
  all: 'All clips',
  pageTitle: 'Creative clips',
  showSubtypes: 'Show {type} subtypes',
  hideSubtypes: 'Hide {type} subtypes',
} as const;
