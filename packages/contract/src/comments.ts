import { z } from 'zod';
import {
  ANNOTATION_PALETTE,
  annotationShapeKinds,
  COMMENT_LIMITS,
  commentSorts,
} from './comment-constants.js';
import { dateTime } from './dates.js';
import { commentsMessages } from './messages.js';
import { descriptionString } from './text.js';

/** Comments on items (000 §3 "Comment", §7 "Comments"), with ranges, drawings and pins. */

export const commentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Hidden from share visitors. */
  email: z.string().nullable(),
});
export type CommentUser = z.infer<typeof commentUserSchema>;

export const reactionSchema = z.object({
  id: z.string(),
  emoji: z.string(),
  userId: z.string().nullable(),
  user: commentUserSchema.nullable(),
  createdAt: dateTime,
});
export type Reaction = z.infer<typeof reactionSchema>;

const INVALID_DRAWING = 'The drawing is not valid';
/** Every way a drawing can be malformed answers the same message, at the part that is wrong. */
const drawing = { error: INVALID_DRAWING };
/** A fraction of the frame's width or height. */
const unit = (message = INVALID_DRAWING) => z.number({ error: message }).min(0, message).max(1, message);
export const annotationSchema = z.object(
  {
    shapes: z
      .array(
        z.object(
          {
            kind: z.enum(annotationShapeKinds, drawing),
            color: z
              .string(drawing)
              .refine((color) => ANNOTATION_PALETTE.includes(color.toLowerCase()), INVALID_DRAWING),
            width: z.number(drawing).min(1, INVALID_DRAWING).max(24, INVALID_DRAWING),
            /** Points as fractions of the frame: [x, y] from the top left. */
            points: z
              .array(z.tuple([unit(), unit()], drawing), drawing)
              .min(1, INVALID_DRAWING)
              .max(COMMENT_LIMITS.points, INVALID_DRAWING),
          },
          drawing,
        ),
        drawing,
      )
      .min(1, INVALID_DRAWING)
      .max(COMMENT_LIMITS.shapes, INVALID_DRAWING),
  },
  drawing,
);
export type Annotation = z.infer<typeof annotationSchema>;

export const pinSchema = z.object({ x: unit('The pin is not valid'), y: unit('The pin is not valid') });
export type Pin = z.infer<typeof pinSchema>;

const commentFields = {
  id: z.string(),
  text: z.string(),
  user: commentUserSchema.nullable(),
  userId: z.string().nullable(),
  /** Seconds into the video or audio; null for a comment on the whole item. */
  start: z.number().nullable(),
  end: z.number().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
  resolved: z.boolean(),
  parentId: z.string().nullable(),
  reactions: z.array(reactionSchema),
  asset: z.object({ id: z.string(), name: z.string() }).nullable(),
  board: z.object({ id: z.string() }).nullable(),
  mentionUserIds: z.array(z.string()),
  annotation: annotationSchema.nullable(),
  pin: pinSchema.nullable(),
};
export const replySchema = z.object({ ...commentFields });
/** A thread: the comment and its replies, oldest first. */
export const commentSchema = z.object({ ...commentFields, children: z.array(replySchema) });
export type Comment = z.infer<typeof commentSchema>;
export type Reply = z.infer<typeof replySchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const commentListQuerySchema = z.object({
  sort: z.enum(commentSorts).default('newest'),
  /** true: resolved threads only; false: open ones only; absent: all. */
  resolved: booleanQuery,
  /** Threads I wrote, replied to or am mentioned in. */
  mine: booleanQuery,
});

const commentText = descriptionString().trim().min(1, 'Comment text is required').max(COMMENT_LIMITS.textMax);
const optionalId = z.uuid().optional();
/** A time in the item, in seconds: whatever is wrong with it, 'The time range is not valid'. */
const seconds = z.number({ error: commentsMessages.invalidRange }).min(0, commentsMessages.invalidRange);

/** POST comments: `content` (or `text`), a reply's parentId, a time range, a drawing or a pin. */
export const createCommentBodySchema = z
  .object({
    content: commentText.optional(),
    text: commentText.optional(),
    parentId: optionalId,
    start: seconds.optional(),
    end: seconds.optional(),
    annotation: annotationSchema.optional(),
    pin: pinSchema.optional(),
    /** On a board's comments: the item of the board it is about. */
    assetId: optionalId,
    boardId: optionalId,
    videoAdId: optionalId,
    versionId: optionalId,
    sessionId: optionalId,
    takeId: optionalId,
  })
  .superRefine((body, ctx) => {
    if (body.content === undefined && body.text === undefined)
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Comment text is required' });
  });
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

export const updateCommentBodySchema = z
  .object({ content: commentText.optional(), text: commentText.optional() })
  .superRefine((body, ctx) => {
    if (body.content === undefined && body.text === undefined)
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Comment text is required' });
  });

/** One emoji. */
export const reactionBodySchema = z.object({
  emoji: z
    .string()
    .max(32)
    .refine(
      (value) =>
        /^\p{Extended_Pictographic}(\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*$/u.test(
          value,
        ),
      'Pick one emoji',
    ),
});

export const mentionableUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export type MentionableUser = z.infer<typeof mentionableUserSchema>;
