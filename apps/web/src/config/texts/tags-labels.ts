/** Tag words the shell and the library's cards show before any tags code loads. */
export const tagsLabels = {
  /** The tags page's title (the router's page title, the page's own tab). */
  pageTitle: 'Tags',
  /** The sidebar entry (000 §2 "tag management"). */
  navLabel: 'Tag management',
  moreTags: '{count} more tags',
} as const;
