/** Web texts of the AI analysis that the library's first load shows (its menus and bulk bar). */
export const analysisLabels = {
  regenerateAiTags: 'Regenerate AI tags',
  /** retagSuccessMessage (000 §8). */
  retagSuccess: 'Regenerating AI tags for {count} items',
  retagNone: 'None of these items has AI tags to regenerate',
  /** Why 'Regenerate AI tags' is off: the plan's regenerations this month are used up. */
  retagLimit: 'AI tag regenerations this month: {used} of {limit} used',
  /** …or its auto-tagged items are (aiTagsCount; the server's message for new files, with the usage). */
  retagTaggedLimit: 'Your plan’s AI tagging limit is reached: {used} of {limit} items tagged',
} as const;
