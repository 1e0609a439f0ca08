import { z } from 'zod';
import { dateTime } from './dates.js';
import { emailSchema } from './identity.js';
import { assetSchema, booleanQuery } from './library.js';
import { libraries } from './library-constants.js';
import { PAGE_SIZE } from './limits.js';
import { sharesMessages } from './messages.js';
import {
  policyPermissionTypes,
  SHARE_LIMITS,
  shareActions,
  shareAudiences,
  shareRoles,
} from './share-constants.js';

/** Sharing (000 §3 "Share", §4, §7 share, unshare, library/shared, authorization policy). */

export const sharedPersonSchema = z.object({
  /** null while the share waits for its addressee to sign up. */
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  action: z.enum(shareActions),
  shareTokenId: z.string(),
});
export type SharedPerson = z.infer<typeof sharedPersonSchema>;

export const publicShareSchema = z.object({
  /** The item's link with shareToken, accountId and brandId. */
  href: z.string(),
  shareTokenId: z.string(),
  audience: z.enum(shareAudiences),
  expiresAt: dateTime.nullable(),
  hasPassword: z.boolean(),
  downloadsAllowed: z.boolean(),
  viewCount: z.number(),
  lastOpenedAt: dateTime.nullable(),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

export const shareRecordSchema = z.object({
  sharedWith: z.array(sharedPersonSchema),
  publicShare: publicShareSchema.nullable(),
});
export type ShareRecord = z.infer<typeof shareRecordSchema>;

const shareTextSchema = z
  .string()
  .max(SHARE_LIMITS.textMax, `The message can be at most ${SHARE_LIMITS.textMax} characters`);
const passwordSchema = z
  .string()
  .min(SHARE_LIMITS.passwordMin, `The password needs at least ${SHARE_LIMITS.passwordMin} characters`)
  .max(SHARE_LIMITS.passwordMax, `The password can be at most ${SHARE_LIMITS.passwordMax} characters`);
/** A link's expiry: a future date, or null for none. */
const expiresAtSchema = dateTime
  .nullable()
  .refine((date) => date === null || date.getTime() > Date.now(), sharesMessages.pastExpiry);

/** The link controls a public share may set (all optional). */
export const linkControlsSchema = z.object({
  audience: z.enum(shareAudiences).optional(),
  expiresAt: expiresAtSchema.optional(),
  /** A new password; null removes it. */
  password: passwordSchema.nullable().optional(),
  downloadsAllowed: z.boolean().optional(),
});

export const shareInviteSchema = z.object({
  email: emailSchema,
  action: z.enum(shareActions, { message: sharesMessages.badAction }),
});

/**
 * POST library/{library}/{id}/share: the resource (matching the path), then a public link
 * (isPublic with actions ['read'] and its controls) or people (shares, shareText, notify).
 */
export const createShareBodySchema = z
  .object({
    resourceId: z.uuid(),
    library: z.enum(libraries),
    isPublic: z.boolean().optional(),
    actions: z.array(z.literal('read')).optional(),
    shares: z
      .array(shareInviteSchema)
      .max(SHARE_LIMITS.emailsPerRequest, `At most ${SHARE_LIMITS.emailsPerRequest} people at a time`)
      .optional(),
    shareText: shareTextSchema.optional(),
    notify: z.boolean().optional(),
  })
  .extend(linkControlsSchema.shape)
  .refine((body) => body.isPublic === true || (body.shares?.length ?? 0) > 0, {
    message: 'Turn the public link on or add someone to share with',
    path: ['shares'],
  })
  .refine(
    (body) => {
      const emails = (body.shares ?? []).map((s) => s.email.toLowerCase());
      return new Set(emails).size === emails.length;
    },
    { message: sharesMessages.duplicateEmail, path: ['shares'] },
  );
export type CreateShareBody = z.infer<typeof createShareBodySchema>;
/** What a client sends (dates as ISO strings). */
export type CreateShareInput = z.input<typeof createShareBodySchema>;

/** PUT …/share/{shareId}: a person's action, the link's audience and controls, or people to remove. */
export const updateShareBodySchema = z
  .object({
    action: z.enum(shareActions, { message: sharesMessages.badAction }).optional(),
    userIdsToRevoke: z.array(z.uuid()).max(SHARE_LIMITS.emailsPerRequest).optional(),
  })
  .extend(linkControlsSchema.shape);
export type UpdateShareBody = z.infer<typeof updateShareBodySchema>;
export type UpdateShareInput = z.input<typeof updateShareBodySchema>;

export const sharedListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(PAGE_SIZE.shared),
  offset: z.coerce.number().int().min(0).default(0),
  includeCommentsCount: booleanQuery,
});

export const policyQuerySchema = z.object({ brandId: z.uuid().optional() });

export const policyPermissionSchema = z.object({
  type: z.enum(policyPermissionTypes),
  resourcePath: z.string(),
});

/** GET /api/authorization/policy (000 §6). */
export const authorizationPolicySchema = z.object({
  permissions: z.array(policyPermissionSchema),
  /** A share token's own grant; absent for a signed-in user's person shares. */
  role: z.enum(shareRoles).optional(),
  library: z.enum(libraries).optional(),
  resourceId: z.string().optional(),
  accountId: z.string().optional(),
  brandId: z.string().optional(),
  downloadsAllowed: z.boolean().optional(),
  /** The shared item's type (FOLDER shows a folder page, others the item). */
  resourceType: z.string().optional(),
});
export type AuthorizationPolicy = z.infer<typeof authorizationPolicySchema>;

export const unlockBodySchema = z.object({
  shareToken: z.string().min(1).max(200),
  password: z.string().min(1).max(SHARE_LIMITS.passwordMax),
});
/** A share session: sent as X-Share-Token instead of the link's token. */
export const unlockResponseSchema = z.object({ shareToken: z.string(), expiresAt: dateTime });

/** An item of `GET library/shared`: who shared it and when. */
export const sharedAssetSchema = assetSchema;
