import type { ReviewState } from '@hookline/contract';

/**
 * Web texts of a board's review mode (the boards issue, as in Frame.io and Air): the settings
 * dialog, the header's progress, the items' review pills, the reviewers' decisions and the
 * filters. Only the board page's lazily loaded code reads them.
 */
export const boardReviewTexts = {
  startReview: 'Start review',
  reviewSettings: 'Review settings',
  dialogIntro:
    'Reviewers approve each item or ask for changes. Items added later, or changed, are reviewed afresh.',
  reviewers: 'Reviewers',
  reviewersPlaceholder: 'Pick people',
  reviewersHint: 'Members of the brand and people the board is shared with.',
  reviewersRequired: 'Pick at least one reviewer.',
  noPeople: 'Nobody to pick',
  peopleFailed: 'The people of this board could not be loaded.',
  autoStatus: 'Move the board’s status with the review',
  autoStatusHint: 'Approved when every reviewer approves every item; Needs revisions when changes are asked.',
  cancel: 'Cancel',
  save: 'Save',
  stopReview: 'Stop review',
  reviewStarted: 'Review started',
  reviewStopped: 'Review stopped',
  settingsSaved: 'Review settings saved',
  // Header
  progressLabel: 'Review progress',
  approvedOf: '{approved} of {total} approved',
  needsChangesCount: '{count} needs changes',
  needsChangesCountMany: '{count} need changes',
  reviewersCount: '{count} reviewers',
  reviewersOne: '1 reviewer',
  noReviewers: 'No reviewers yet',
  autoStatusNote: 'Status set by the review · {date}',
  // Items
  states: {
    PENDING: 'Needs review',
    APPROVED: 'Approved',
    NEEDS_CHANGES: 'Changes requested',
  } satisfies Record<ReviewState, string>,
  stateColors: {
    PENDING: 'gray',
    APPROVED: 'teal',
    NEEDS_CHANGES: 'orange',
  } satisfies Record<ReviewState, string>,
  approve: 'Approve',
  approveNamed: 'Approve {name}',
  moreApproveOptions: 'More ways to approve',
  approveWithNote: 'Approve with a note…',
  requestChanges: 'Request changes',
  requestChangesNamed: 'Request changes on {name}',
  youApproved: 'You approved this',
  youRequestedChanges: 'You requested changes',
  // Decision dialog
  requestChangesTitle: 'Request changes',
  approveTitle: 'Approve',
  note: 'Note',
  notePlaceholderChanges: 'What should change?',
  notePlaceholderApprove: 'Anything to add? (optional)',
  noteHint: 'The note is also posted as a comment on the board.',
  noteRequired: 'Say what should change.',
  approvedToast: '“{name}” approved',
  changesToast: 'Changes requested on “{name}”',
  // Filters
  filterLabel: 'Show',
  filters: {
    all: 'All',
    mine: 'Needs my review',
    changes: 'Changes requested',
    approved: 'Approved',
  },
  filteredCount: '{count} of {total} assets',
  filterEmpty: 'Nothing here with this filter.',
  filterEmptyMine: 'Nothing waits for your review.',
  showAll: 'Show all',
} as const;
