/** Duplicates words the shell shows before any duplicates code loads (issue 15): keep them few. */
export const duplicatesNavTexts = {
  /** The sidebar entry and the page's title. */
  nav: 'Duplicates',
  pageTitle: 'Duplicates',
} as const;
