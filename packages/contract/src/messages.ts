/**
 * The one English message catalogue: the seeds' user-facing texts (000 §4–§8, 001 §5–§8).
 * Keys follow the seeds' key names where they give one ('error.title', 'requiredName', …).
 * Server and web both read from here, so a text is written once.
 *
 * One constant per area, so that the web's first load carries only the areas it shows (a
 * bundler cannot drop the unused keys of one object); `messages` gathers them for the server.
 */
export const errorMessages = {
  title: 'Something went wrong',
  content: 'Please refresh and try again',
} as const;

export const forbiddenMessages = {
  title: 'Forbidden',
  content: 'You are not allowed to perform this action',
} as const;

export const paymentRequiredMessages = {
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
} as const;

export const notFoundMessages = {
  title: 'Page not found',
  text: 'The page you are looking for does not exist or has been moved.',
  home: 'Take me home',
} as const;

export const generalErrorMessages = {
  title: 'Something went wrong',
  text: 'We could not load your workspace. Please refresh and try again, or contact support.',
  home: 'Back to home',
} as const;

export const lazyLoadMessages = {
  title: 'An error occurred while loading the page',
  countdown: 'The page will reload in {seconds} s.',
  reload: 'Reload now',
  contact: 'Still not working? Contact {email}',
} as const;

export const pageNotAvailableMessages = {
  title: 'This page is no longer available',
  text: 'Please contact the person who sent you the link.',
} as const;

export const unsavedChangesMessages = {
  title: 'Unsaved changes',
  text: 'You have unsaved changes. Do you want to save them before leaving?',
  discard: 'Discard',
  stay: 'Stay',
  save: 'Save',
} as const;

export const authMessages = {
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
} as const;

export const apiMessages = {
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
} as const;

export const libraryMessages = {
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
} as const;

export const tagsMessages = {
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
} as const;

export const customFieldsMessages = {
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
} as const;

export const sharesMessages = {
  linkCopied: 'Link copied',
  invitationSent: 'Invitation sent',
  emailCopied: 'Email copied',
  linkExpired: 'Your link has expired',
  pageUnavailable: 'This page is no longer available',
  contactSender: 'Please contact the person who sent you the link.',
  passwordRequired: 'Password required',
  wrongPassword: 'Wrong password',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  pastExpiry: 'Pick an expiry date in the future',
  badAction: "A share's role is Commenter (read) or Editor (write)",
  duplicateEmail: 'Each e-mail address can be added once',
  invalidEmail: 'Enter a valid e-mail address',
  resourceMismatch: 'resourceId and library must name the item in the path',
  ownBrandUnshare: 'Items of your own brand cannot be removed from shared',
  notSharedWithYou: 'This item is not shared with you',
  tooManyEmails: 'You have sent the most share e-mails for today. Try again tomorrow.',
  shareSubject: '{sharer} shared {item} with you',
  shareIntro: '{sharer} shared {item} with you on {product}.',
  inviteIntro: '{sharer} shared {item} with you on {product}. Create your free account to open it.',
  open: 'Open',
  signUpToOpen: 'Sign up to open',
  noLinkForPeople: 'People shares have no link controls',
  notFound: 'Share not found',
  removeFromShared: 'Remove from shared',
  removedFromShared: 'Removed from shared',
} as const;

export const commentsMessages = {
  notFound: 'Comment not found',
  authorOnly: 'Only the author can change this comment',
  participantsOnly: 'Only people in this thread can resolve it',
  threadsOnly: 'Only a thread can be resolved',
  invalidRange: 'The time range is not valid',
  invalidDrawing: 'The drawing is not valid',
  pinsOnImages: 'Pins go on images',
  cannotMention: 'You can only mention people who can see this item',
  restoreExpired: 'This comment can no longer be restored',
  ownReactionsOnly: 'You can only remove your own reactions',
  companyEditor: 'Company editor',
  mentionSubject: '{author} mentioned you on {item}',
  mentionIntro: '{author} mentioned you in a comment on {item}:',
  mentionAction: 'Open the comment',
} as const;

export const boardsMessages = {
  notFound: 'Board not found',
  statusChanged: 'Your board is now marked as {status}',
  saveFailed: 'Failed to save changes. Please try again.',
  briefFailed: 'Failed to generate brief. Please try again.',
  locateFailed: 'Failed to locate assets',
  enterText: 'Please enter some text',
  notFoundDescription: 'It may have been deleted, or you lost access.',
  titleRequired: 'titleRequired',
  foldersRefused: 'Folders cannot be added to a board',
  otherBrandRefused: 'Assets from another brand cannot be added to this board',
  deleteCreatorOrAdmin: 'Only the person who created this board or an admin can delete it',
  reviewersOnly: 'Only the reviewers of this board can review',
  reviewModeOff: 'Review mode is off for this board',
  notOnBoard: 'This asset is not on the board',
  reviewerUnknown: 'Reviewers must be members of the brand or people the board is shared with',
  tagsOfBrand: 'Tags must belong to this brand',
  boardFolderLocked: 'This folder belongs to a board: rename, move or delete the board instead',
  autoStatusSubject: '{board} is now {status}',
  autoStatusIntro: 'The review moved {board} to {status}.',
  openBoard: 'Open the board',
  assignError: 'Failed to assign assets',
} as const;

export const integrationsMessages = {
  connected: 'Integration connected',
  saved: 'Integration saved',
  disconnected: 'Integration disconnected',
  refreshed: 'Integration refreshed',
  incomplete: 'Integration incomplete: choose a default ad account in the Meta settings first',
  metaNotConfigured: 'Meta is not configured on this server',
  vendorNotConfigured: '{vendor} is not configured on this server',
  stateExpired: 'The Meta connection link has expired. Connect again.',
  metaNoAdAccess: 'Meta did not grant access to your ad accounts.',
  metaUnreachable: 'Meta did not answer. Try again later.',
  cancelled: 'Meta connection cancelled',
  askAdmin: 'Ask an admin to connect Meta',
  notFound: 'Integration not found',
  adAccountUnknown: 'This ad account is not connected',
  adAccountDisabled: 'Enable this ad account first',
  syncStartWindow: 'Choose a sync start date between {from} and today',
  notConnected: 'Connect Meta first',
  invalidToken: 'Meta needs you to connect again',
  onlyVideos: 'Only videos can be uploaded to Meta',
  tooManyVideos: 'Upload at most {count} videos at a time',
  notExport: 'This file is not an Ads Manager export',
  notDaily: 'This export is not daily. In Ads Manager choose Breakdown > By time > Day and export again.',
  publishStarted: 'Uploading {count} videos to Meta',
  publishSucceeded: 'Videos uploaded to Meta',
  publishFailed: 'Some videos could not be uploaded to Meta',
} as const;

export const analyticsMessages = {
  noResults: 'No performance results found. Adjust your filters, date range, or try different keywords.',
  assetNotFound: 'Video analytic asset not found',
  exportFailed: 'Export failed',
} as const;

export const videoAdsMessages = {
  maxRevisions:
    'You reached the maximum revisions for this video. Please reach out to us for more revisions.',
} as const;

export const commonMessages = {
  fieldRequired: 'fieldRequired',
  saveError: 'saveError',
  validationTime: 'validation.time',
  loading: 'Loading…',
  retry: 'Retry',
  cancel: 'Cancel',
  signOut: 'Sign out',
  settings: 'Settings',
} as const;

export const messages = {
  error: errorMessages,
  forbidden: forbiddenMessages,
  paymentRequired: paymentRequiredMessages,
  notFound: notFoundMessages,
  generalError: generalErrorMessages,
  lazyLoad: lazyLoadMessages,
  pageNotAvailable: pageNotAvailableMessages,
  unsavedChanges: unsavedChangesMessages,
  auth: authMessages,
  api: apiMessages,
  library: libraryMessages,
  tags: tagsMessages,
  customFields: customFieldsMessages,
  shares: sharesMessages,
  comments: commentsMessages,
  boards: boardsMessages,
  integrations: integrationsMessages,
  analytics: analyticsMessages,
  videoAds: videoAdsMessages,
  common: commonMessages,
} as const;

export type Messages = typeof messages;

/** Replaces {name} placeholders: interpolate('Hi {name}', { name: 'Ana' }). */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
