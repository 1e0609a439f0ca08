/**
 * The one English message catalogue: the seeds' user-facing texts (000 §4–§8, 001 §5–§8).
 * Keys follow the seeds' key names where they give one ('error.title', 'requiredName', …).
 * Server and web both read from here, so a text is written once.
 */
export const messages = {
  error: {
    title: 'Something went wrong',
    content: 'Please refresh and try again',
  },
  forbidden: {
    title: 'Forbidden',
    content: 'You are not allowed to perform this action',
  },
  paymentRequired: {
    title: 'Payment Required',
    content: 'Your plan does not include more of this. Upgrade your plan to continue.',
    allocation: 'Your plan allows {allocation} {resourceName}.',
    upgrade: 'Upgrade plan',
    getInTouch: 'Get in touch',
    getInTouchText: 'Tell us who you are and our team will contact you about a bigger plan.',
    fullName: 'Full name',
    email: 'Email',
    send: 'Send request',
    upgradeRequested: 'Upgrade requested. We will be in touch soon.',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has been moved.',
    home: 'Take me home',
  },
  generalError: {
    title: 'Something went wrong',
    text: 'We could not load your workspace. Please refresh and try again, or contact support.',
    home: 'Back to home',
  },
  lazyLoad: {
    title: 'An error occurred while loading the page',
    countdown: 'The page will reload in {seconds} s.',
    reload: 'Reload now',
    contact: 'Still not working? Contact {email}',
  },
  pageNotAvailable: {
    title: 'This page is no longer available',
    text: 'Please contact the person who sent you the link.',
  },
  unsavedChanges: {
    title: 'Unsaved changes',
    text: 'You have unsaved changes. Do you want to save them before leaving?',
    discard: 'Discard',
    stay: 'Stay',
    save: 'Save',
  },
  auth: {
    wrongCredentials: 'Wrong username or password',
    incorrectCredentials: 'Email or password are incorrect',
    verificationRequired: 'Account Verification Required',
    verificationRequiredText: 'Please check your inbox for the verification link.',
    verificationExpired: 'Your verification link has expired. Please sign in again to receive a new one.',
    verificationInvalid: "We're sorry, but your verification link is invalid.",
    linkExpired: 'Your link has expired',
    invitationInvalid: 'Invitation Link Is Invalid',
    invitationInvalidText: 'Please check your email and verify your link',
    invalidEmail: 'Please enter a valid email address.',
    passwordTooShort: 'Password too short (min 6).',
    passwordRequired: 'Password is required',
    passwordsMustMatch: 'Passwords must match',
    fullNameRequired: 'Full name is required',
    invalidUrl: 'Please enter a valid URL',
    failedToLoadBrands: 'Failed to load brands',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  },
  api: {
    brandScopeRequired: 'accountId and brandId are required',
    notFound: 'Not found',
    routeNotFound: 'Route {method} {url} not found',
    validation: 'The request is not valid',
    internal: 'An unexpected error occurred',
    payloadTooLarge: 'The request body is too large',
    databaseUnavailable: 'The database is not reachable',
    jobNotFound: 'Job not found',
    brandNotFound: 'Brand not found',
    unknownJobType: 'Unknown job type {type}',
    jobAlreadyFinished: 'The job has already finished',
    jobWorkerStopped: 'The server running this job stopped. Please try again.',
  },
  library: {
    requiredName: 'requiredName',
    cannotDeleteImported: 'You cannot delete imported {type}',
    itemDeleted: 'Something went wrong or item was deleted',
    systemItem: 'System items cannot be renamed, moved or deleted',
    fileTooLarge: 'File is too large, please try anything under 2MB',
    zipTooLarge: 'Attempted to download too much data - please break into smaller batches',
    zipError: 'Error generating zip',
    createAssetsError: 'Error creating assets',
    assignError: 'Failed to assign assets',
    removeAssetsError: 'Failed to Remove Assets',
  },
  tags: {
    categoryAlreadyExists: 'A category with this name already exists',
    tagAlreadyExists: 'A tag with this name already exists',
    systemCategory: 'System categories cannot be changed',
    unknownTag: 'Unknown tag',
    unknownCategory: 'Unknown tag category',
    autoSearchLimit: 'Auto-search is on for {limit} tags, the most your account allows',
    foldersCannotBeTagged: 'Only files can be tagged',
    categoryCreated: 'Category created',
    categoryUpdated: 'Category updated',
    categoryDeleted: 'Category deleted',
  },
  customFields: {
    alreadyExists: 'A field with this name already exists',
    tooMany: 'A brand can have at most {limit} fields',
    unknownField: 'Unknown field',
    typeCannotChange: 'The type of a field cannot change',
    optionsRequired: 'A select field needs at least one option',
    optionsNotAllowed: 'Only select fields have options',
    duplicateOption: 'Options must have different labels',
    missingRequired: 'Missing required fields: {names}',
    invalidText: 'Enter at most {max} characters',
    invalidNumber: 'Enter a number',
    invalidDate: 'Enter a real date (YYYY-MM-DD)',
    invalidUrl: 'Enter a web address starting with http:// or https://',
    invalidOption: 'Pick one of the options',
    foldersHaveNoFields: 'Folders do not have field values',
  },
  boards: {
    notFound: 'Board not found',
    statusChanged: 'Your board is now marked as {status}',
    saveFailed: 'Failed to save changes. Please try again.',
    briefFailed: 'Failed to generate brief. Please try again.',
    locateFailed: 'Failed to locate assets',
    enterText: 'Please enter some text',
  },
  analytics: {
    noResults: 'No performance results found. Adjust your filters, date range, or try different keywords.',
    assetNotFound: 'Video analytic asset not found',
    exportFailed: 'Export failed',
  },
  videoAds: {
    maxRevisions:
      'You reached the maximum revisions for this video. Please reach out to us for more revisions.',
  },
  common: {
    fieldRequired: 'fieldRequired',
    saveError: 'saveError',
    validationTime: 'validation.time',
    loading: 'Loading…',
    retry: 'Retry',
    cancel: 'Cancel',
    signOut: 'Sign out',
    settings: 'Settings',
  },
} as const;

export type Messages = typeof messages;

/** Replaces {name} placeholders: interpolate('Hi {name}', { name: 'Ana' }). */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
