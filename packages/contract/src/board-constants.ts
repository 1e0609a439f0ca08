/** Boards (000 §3 "Board", statuses; §9 limits) without schemas: the boards issue builds on these. */

/** Any status may follow any (000 §4 "Board status"); new boards are DRAFT. */
export const boardStatuses = [
  'DRAFT',
  'IN_REVIEW',
  'APPROVED',
  'LAUNCHED',
  'NEEDS_REVISIONS',
  'ARCHIVED',
] as const;
export type BoardStatus = (typeof boardStatuses)[number];

export const BOARD_LIMITS = {
  nameMax: 100,
  /** The plain description. */
  descriptionMax: 5000,
  /** The rich description's JSON, in bytes. */
  richDescriptionBytes: 100 * 1024,
  inviteMessageMax: 2000,
  removeAssetsMax: 1000,
} as const;

/** Where an asset sits on a board (000 §3 "Board location"): uploaded into its folder, or added from the library. */
export const boardLocationTypes = ['asset', 'boardAsset'] as const;
export type BoardLocationType = (typeof boardLocationTypes)[number];

/** How an item came onto a board. */
export const boardItemOrigins = ['UPLOAD', 'REFERENCE'] as const;

export const boardSortFields = ['name', 'createdAt', 'updatedAt'] as const;
export type BoardSortField = (typeof boardSortFields)[number];

/** A reviewer's decision on an asset (review mode), and an asset's state from its reviewers' latest ones. */
export const reviewDecisions = ['APPROVED', 'NEEDS_CHANGES'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];
export const reviewStates = ['PENDING', 'APPROVED', 'NEEDS_CHANGES'] as const;
export type ReviewState = (typeof reviewStates)[number];
export const REVIEW_NOTE_MAX = 4000;

/**
 * Board types for the choose-board-type modal (000 §3 "Board type"). 'Create ad' comes with
 * the board wizard (chat agent and briefs issue); until then only the blank board exists, so
 * the modal is skipped.
 */
export const boardTypes = [
  {
    id: 'blank',
    title: 'Blank board',
    description: 'Collect assets, a description and comments for a campaign.',
  },
] as const;
export type BoardTypeId = (typeof boardTypes)[number]['id'];

/** The system folder at a brand's root that holds each board's folder. */
export const BOARDS_FOLDER_NAME = 'Boards';
