import { z } from 'zod';
import {
  BOARD_LIMITS,
  boardLocationTypes,
  boardSortFields,
  boardStatuses,
  REVIEW_NOTE_MAX,
  reviewDecisions,
  reviewStates,
} from './board-constants.js';
import { commentListQuerySchema } from './comments.js';
import { dateTime } from './dates.js';
import { emailSchema } from './identity.js';
import { booleanQuery, breadcrumbSchema, userRefSchema } from './library.js';
import { PAGE_SIZE } from './limits.js';
import { type RichText, richTextSchema } from './rich-text.js';
import { shareActions } from './share-constants.js';
import { nameString } from './text.js';

/** Boards (000 §3 "Board", §7 "Boards"; the boards issue). */

export const BOARD_TITLE_REQUIRED = 'titleRequired';
export const ASSIGN_FOLDER_REFUSED = 'Folders cannot be added to a board';
export const ASSIGN_OTHER_BRAND_REFUSED = 'Assets from another brand cannot be added to this board';

export const boardTitleSchema = nameString().trim().min(1, BOARD_TITLE_REQUIRED).max(BOARD_LIMITS.nameMax);
const plainDescription = z
  .string()
  .max(BOARD_LIMITS.descriptionMax)
  .regex(/^(?:\P{Cc}|[\t\n\r])*$/u, 'Control characters are not allowed');

/** What the caller may do on the board (the web shows or hides actions by it). */
export const boardAbilitiesSchema = z.object({
  update: z.boolean(),
  comment: z.boolean(),
  invite: z.boolean(),
  delete: z.boolean(),
  review: z.boolean(),
});
export type BoardAbilities = z.infer<typeof boardAbilitiesSchema>;

export const boardSchema = z.object({
  id: z.string(),
  /** name and title are one value (000 §3 "name/title"). */
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  lexicalDescription: z.custom<RichText>().nullable(),
  status: z.enum(boardStatuses),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
  folderId: z.string(),
  brandId: z.string(),
  accountId: z.string(),
  /** The latest-added item with a preview. */
  thumbnailUrl: z.string().nullable(),
  assetCount: z.number(),
  /** How many of its items were uploaded to it (deleting with deleteUploadedFiles deletes them). */
  uploadedCount: z.number(),
  /** How many comments the board has. */
  comments: z.number(),
  /** The backing folder's breadcrumbs, root first (the folder last). */
  locations: z.array(breadcrumbSchema),
  isShared: z.boolean(),
  createdBy: userRefSchema.nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
  reviewMode: z.boolean(),
  reviewerIds: z.array(z.string()),
  autoStatus: z.boolean(),
  /** The last status change: automatic (the review moved it) or by whom. */
  statusChange: z.object({ automatic: z.boolean(), at: dateTime, by: userRefSchema.nullable() }).nullable(),
  can: boardAbilitiesSchema,
});
export type Board = z.infer<typeof boardSchema>;

export const boardListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.boards),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(boardSortFields).default('name'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Boards of other brands or accounts shared with the caller. */
  isShared: booleanQuery,
  /** Boards the caller created. */
  mine: booleanQuery,
});

const reviewOptions = {
  reviewMode: z.boolean().optional(),
  /** Brand members or people the board is shared with. */
  reviewerIds: z.array(z.uuid()).max(50).optional(),
  /** Move the board's status with the review. */
  autoStatus: z.boolean().optional(),
};

export const createBoardBodySchema = z.object({
  name: boardTitleSchema,
  description: plainDescription.nullable().optional(),
  lexicalDescription: richTextSchema.nullable().optional(),
  status: z.enum(boardStatuses).optional(),
  tags: z.array(z.uuid()).max(100).optional(),
  ...reviewOptions,
});
export type CreateBoardBody = z.input<typeof createBoardBodySchema>;

/** PUT boards/{id}: partial. A plain-only description replaces the rich one with its paragraphs. */
export const updateBoardBodySchema = z.object({
  name: boardTitleSchema.optional(),
  title: boardTitleSchema.optional(),
  description: plainDescription.nullable().optional(),
  lexicalDescription: richTextSchema.nullable().optional(),
  status: z.enum(boardStatuses).optional(),
  tags: z.array(z.uuid()).max(100).optional(),
  ...reviewOptions,
});
export type UpdateBoardBody = z.input<typeof updateBoardBodySchema>;

export const deleteBoardQuerySchema = z.object({
  /** Also delete the files uploaded to this board (its folder's files). */
  deleteUploadedFiles: booleanQuery,
});

export const removeBoardAssetsBodySchema = z.object({
  assetIds: z.array(z.uuid()).min(1).max(BOARD_LIMITS.removeAssetsMax),
});
export const removeBoardAssetsResponseSchema = z.object({
  removed: z.array(z.string()),
  failed: z.array(z.string()),
});
export type RemoveBoardAssetsResponse = z.infer<typeof removeBoardAssetsResponseSchema>;

/** 000 §3 "Board invite payload": emails with their action, and a message. */
export const boardInviteBodySchema = z.object({
  emails: z
    .array(z.object({ email: emailSchema, action: z.enum(shareActions) }))
    .min(1)
    .max(50)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((entry, index) => {
        const email = entry.email.toLowerCase();
        if (seen.has(email))
          ctx.addIssue({ code: 'custom', path: [index, 'email'], message: 'This e-mail is listed twice' });
        seen.add(email);
      });
    }),
  message: z.string().max(BOARD_LIMITS.inviteMessageMax).optional(),
});
export type BoardInviteBody = z.input<typeof boardInviteBodySchema>;

export const boardLocationsQuerySchema = z.object({ assetId: z.uuid() });
export const boardLocationSchema = z.object({
  boardId: z.string(),
  boardName: z.string(),
  thumbnailUrl: z.string().nullable(),
  type: z.enum(boardLocationTypes),
});
export type BoardLocation = z.infer<typeof boardLocationSchema>;

export const boardCommentsQuerySchema = commentListQuerySchema.extend({
  /** Comments about one asset of the board. */
  assetId: z.uuid().optional(),
});

export const reviewBodySchema = z.object({
  decision: z.enum(reviewDecisions),
  note: z.string().trim().max(REVIEW_NOTE_MAX).optional(),
});

export const reviewDecisionSchema = z.object({
  reviewerId: z.string(),
  reviewer: userRefSchema.nullable(),
  decision: z.enum(reviewDecisions),
  note: z.string().nullable(),
  createdAt: dateTime,
});
export const assetReviewSchema = z.object({
  assetId: z.string(),
  state: z.enum(reviewStates),
  /** Each reviewer's latest decision since the asset last changed. */
  decisions: z.array(reviewDecisionSchema),
});
export type AssetReview = z.infer<typeof assetReviewSchema>;
export const boardReviewsSchema = z.object({
  reviewMode: z.boolean(),
  reviewerIds: z.array(z.string()),
  progress: z.object({
    total: z.number(),
    approved: z.number(),
    needsChanges: z.number(),
    pending: z.number(),
  }),
  assets: z.array(assetReviewSchema),
});
export type BoardReviews = z.infer<typeof boardReviewsSchema>;

/** The presentation link: the board's public view-only link. */
export const presentationSchema = z.object({ href: z.string(), shareTokenId: z.string() });
