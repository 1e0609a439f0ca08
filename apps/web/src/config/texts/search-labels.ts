/** The search's words the first load shows: the page title and the global search box (issue 16). */
export const searchNavTexts = {
  title: 'Search',
  moreLikeThis: 'More like this',
  box: {
    label: 'Search the library',
    placeholder: 'Search',
    shortcut: 'Ctrl K',
    seeAll: 'See all results',
    suggestions: 'Matching names',
  },
} as const;
