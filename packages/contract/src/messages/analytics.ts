export const analyticsMessages = {
  noResults: 'No performance results found. Adjust your filters, date range, or try different keywords.',
  assetNotFound: 'Video analytic asset not found',
  exportFailed: 'Export failed',
  customNeedsDates: 'Custom date needs both dates',
  customFromAfterTo: 'The start date is after the end date',
  tooMany: 'Compare at most 6 ads',
  otherGroup: 'Other',
  untaggedGroup: 'Untagged',
  unknownGroup: 'This group is not one of these analytics',
  unknownCategory: 'Unknown tag category',
  dynamicGroupsRequired: 'Add at least one group with a condition',
  tooFew: 'Choose the ads to compare',
  /** A metric filter without its metric, comparison or number (the web's 'invalidFilter'). */
  invalidFilter: 'A metric filter needs a metric, a comparison and a number',
  invalidScoreFilter: 'A score filter needs hook, hold, click or convert, a comparison and a number',
  invalidMetadataFilter: 'A media filter needs length, width or height, an operator and a number',
} as const;
