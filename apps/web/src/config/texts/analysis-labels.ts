/** Web texts of the AI analysis that the library's first load shows (its menus and bulk bar). */
export const analysisLabels = {
  regenerateAiTags: 'Regenerate AI tags',
  /** retagSuccessMessage (000 §8). */
  retagSuccess: 'Regenerating AI tags for {count} items',
  retagNone: 'None of these items has AI tags to regenerate',
} as const;
