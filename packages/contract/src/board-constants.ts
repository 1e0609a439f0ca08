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
