/** Web texts of the AI analysis that the library's first load shows (its menus and bulk bar). */
export const analysisLabels = {
  regenerateAiTags: 'Regenerate AI tags',
  /** retagSuccessMessage (000 §8). */
  retagSuccess: 'Regenerating AI tags for {count} items',
  retagNone: 'None of these items has AI tags to regenerate',
  /** Why 'Regenerate AI tags' is off: the plan's regenerations this month are used up. */
  retagLimit: 'AI tag regenerations this month: {used} of {limit} used',
} as const;
