/** The sidebar's creative analytics quick links (001 §2 "Quick links in the sidebar menu"). */
export const analyticsQuickLinkTexts = {
  topActive: 'Top active ads',
  topSpend: 'Top spend ads',
  topHeadline: 'Top headline ads',
  topHook: 'Top hook ads',
} as const;
