import type { BoardStatus } from '@hookline/contract';

/** Each board status's colour (the sidebar's dots, the status badge, the slides). */
export const boardStatusColors = {
  DRAFT: 'gray',
  IN_REVIEW: 'blue',
  APPROVED: 'teal',
  LAUNCHED: 'violet',
  NEEDS_REVISIONS: 'orange',
  ARCHIVED: 'dark',
} as const satisfies Record<BoardStatus, string>;
