/**
 * The one English message catalogue: the seeds' user-facing texts (000 §4–§8, 001 §5–§8).
 * Keys follow the seeds' key names where they give one ('error.title', 'requiredName', …).
 * Server and web both read from here, so a text is written once.
 *
 * One constant per area, so that the web's first load carries only the areas it shows (a
 * bundler cannot drop the unused keys of one object); `messages` gathers them for the server.
 * Areas the first load does not show are modules of their own under messages/: a module
 * lands in the chunk of the code that uses it, so they ride with their pages.
 */

import { analyticsMessages } from './messages/analytics.js';
import { authMessages } from './messages/auth.js';
import { boardsMessages } from './messages/boards.js';
import { commentsMessages } from './messages/comments.js';
import { customFieldsMessages } from './messages/custom-fields.js';
import { integrationsMessages } from './messages/integrations.js';
import { namingConventionMessages } from './messages/naming-convention.js';
import { sharesMessages } from './messages/shares.js';
import { tagsMessages } from './messages/tags.js';
import { videoAdsMessages } from './messages/video-ads.js';

export { analyticsMessages } from './messages/analytics.js';
export { authMessages } from './messages/auth.js';
export { boardsMessages } from './messages/boards.js';
export { commentsMessages } from './messages/comments.js';
export { customFieldsMessages } from './messages/custom-fields.js';
export { integrationsMessages } from './messages/integrations.js';
export { namingConventionMessages } from './messages/naming-convention.js';
export { sharesMessages } from './messages/shares.js';
export { tagsMessages } from './messages/tags.js';
export { videoAdsMessages } from './messages/video-ads.js';

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
  namingConvention: namingConventionMessages,
  common: commonMessages,
} as const;

export type Messages = typeof messages;

/** Replaces {name} placeholders: interpolate('Hi {name}', { name: 'Ana' }). */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
