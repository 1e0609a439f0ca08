export const analyticsMessages = {
  noResults: 'No performance results found. Adjust your filters, date range, or try different keywords.',
  assetNotFound: 'Video analytic asset not found',
  exportFailed: 'Export failed',
} as const;
