/** Creative analytics words the shell shows before any analytics code loads (issue 17): keep them few. */
export const analyticsNavTexts = {
  /** The sidebar entry and the page's title. */
  title: 'Creative analytics',
  compareTitle: 'Compare ads',
} as const;
