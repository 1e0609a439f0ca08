/** The comment count on cards (the library's first load). */
export const commentCountTexts = {
  count: '{count} comments',
} as const;
