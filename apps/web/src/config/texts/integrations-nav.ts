/**
 * Web texts: the integrations' entries outside their own pages (the settings tab, the
 * library's 'Upload to Meta'). The first load carries these; the pages' and dialogs' own
 * texts are in integrations.ts.
 */
export const integrationsNavTexts = {
  integrationsNav: {
    tab: 'Integrations',
    uploadToMeta: 'Upload to Meta',
  },
} as const;
