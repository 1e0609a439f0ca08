/**
 * Web texts the contract's message catalogue does not have, one file per area under
 * config/texts/ (candidates to move to packages/contract/src/messages.ts; keep each text in
 * one place). Code imports the area it shows, so a page's first load carries only its own
 * areas' texts (issue #20). This one: the shell, overview, errors and words every page shares.
 */
export const appTexts = {
  shell: {
    overview: 'Overview',
    primaryNavigation: 'Main navigation',
    resizeSidebar: 'Resize sidebar',
    profileMenu: 'Profile menu',
    help: 'Help & support',
    apiDocumentation: 'API documentation',
    contactSupport: 'Contact support',
    loadingPage: 'Loading page',
  },
  overview: {
    workspace: 'Workspace',
    variant: 'Variant',
    supportEmail: 'Support',
    pricing: 'Pricing',
    chatSupport: 'Chat support',
    enabled: 'On',
    disabled: 'Off',
    systemStatus: 'System status',
    api: 'API',
    database: 'Database',
    queue: 'Job queue',
    version: 'Version',
    role: 'Role',
    uptime: 'Uptime',
    statusLoadFailed: 'The system status could not be loaded.',
    databaseDrivers: { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' },
    roles: { all: 'API and workers', api: 'API only', worker: 'Workers only' },
    statuses: {
      ok: 'Operational',
      degraded: 'Degraded',
      up: 'Up',
      down: 'Down',
      disabled: 'Disabled',
    },
  },
  routeError: {
    reload: 'Reload page',
    home: 'Back to home',
  },
  brandWarning: {
    contact: 'Contact {email}',
  },
  poweredBy: 'Powered by',
  paymentRequired: {
    /** Used when the 402 carries an allocation but no resource name. */
    defaultResourceName: 'items',
    /** Shown when the current link has no account to send the request for. */
    contactSupport: 'Contact {email} to upgrade your plan.',
  },
  job: {
    cancel: 'Cancel',
    running: 'Working…',
  },
  common: {
    close: 'Close',
    or: 'or',
    saveChanges: 'Save changes',
    changesSaved: 'Changes saved',
    delete: 'Delete',
    charactersCount: '{count} / {max}',
  },
} as const;
