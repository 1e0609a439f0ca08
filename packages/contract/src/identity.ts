import { z } from 'zod';
import { dateTime } from './dates.js';
import { TEXT_LIMITS } from './limits.js';
import { authMessages } from './messages.js';
import { descriptionString, nameString } from './text.js';

/**
 * Identity contract (000 §3–§7, 001 §3–§7): sign-in and sign-up, profile, brands,
 * team members, industries, plan usage. Shared by the server's routes and the web's forms.
 */

/** 'Please enter a valid URL': optional http(s), a host with a top-level domain, optional path (000 §5). */
export const WEBSITE_URL_PATTERN = /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?(\/[^\s]*)?$/i;
/** Colour input: # and 3 or 6 hex digits (001 §5). */
export const HEX_COLOR_PATTERN = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: authMessages.invalidEmail }));
export const passwordSchema = z
  .string({ message: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(TEXT_LIMITS.passwordMin, authMessages.passwordTooShort)
  .max(200);
export const websiteSchema = z.string().trim().regex(WEBSITE_URL_PATTERN, authMessages.invalidUrl);
export const brandNameSchema = nameString().trim().min(TEXT_LIMITS.nameMin).max(TEXT_LIMITS.nameMax);

export const accessTokenResponseSchema = z.object({ access_token: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });
export const googleLoginBodySchema = z.object({ accessToken: z.string().min(1) });

/** POST /registration/signup: e-mail sign-up, or Google (vendor GOOGLE with data.accessToken). */
export const signupBodySchema = z.union([
  z
    .object({
      email: emailSchema,
      password: passwordSchema,
      confirmPassword: z.string(),
      fullName: nameString().trim().min(1, authMessages.fullNameRequired).max(120),
      inviteId: z.uuid().optional(),
      /** The /secret-signup code when public sign-up is off. */
      signupCode: z.string().optional(),
    })
    .refine((body) => body.password === body.confirmPassword, {
      message: authMessages.passwordsMustMatch,
      path: ['confirmPassword'],
    }),
  z.object({
    vendor: z.literal('GOOGLE'),
    data: z.object({ accessToken: z.string().min(1) }),
    inviteId: z.uuid().optional(),
    signupCode: z.string().optional(),
  }),
]);
export type SignupBody = z.infer<typeof signupBodySchema>;

/** Sign-up without an invitation answers that a verification mail was sent (no token yet). */
export const signupResponseSchema = z.object({
  access_token: z.string().optional(),
  verificationRequired: z.boolean(),
});

/**
 * `password`: set when the link is opened outside the browser that signed up (the server
 * answers 409 without it there): the mailbox owner's own password replaces the sign-up's.
 */
export const verifyEmailBodySchema = z.object({
  token: z.string().min(1),
  password: passwordSchema.optional(),
});
export const resendVerificationBodySchema = z.object({ email: emailSchema });
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  email: emailSchema,
  newPassword: passwordSchema,
  token: z.string().min(1),
});
export const acceptInvitationBodySchema = z.object({
  email: emailSchema,
  token: z.string().min(1),
  password: passwordSchema,
});

export const inviteInfoSchema = z.object({ email: z.string(), invitedByUserName: z.string() });
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

export const authOptionsSchema = z.object({
  googleClientId: z.string().nullable(),
  signupMode: z.enum(['public', 'secret']),
  recaptchaSiteKey: z.string().nullable(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

export const profileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  accountId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isSuperUser: z.boolean(),
  onboardingCompleted: z.boolean(),
  /** The caller's role in accountId. */
  role: z.enum(['admin', 'member']),
});
export type Profile = z.infer<typeof profileSchema>;

export const subtitlesOptionSchema = z.enum(['BRAND', 'PLATFORM_NATIVE']);
export const brandColorsSchema = z.object({
  textColor: z.string().regex(HEX_COLOR_PATTERN),
  backgroundColor: z.string().regex(HEX_COLOR_PATTERN),
  buttonTextColor: z.string().regex(HEX_COLOR_PATTERN),
  buttonBackgroundColor: z.string().regex(HEX_COLOR_PATTERN),
  colors: z.array(z.string().regex(HEX_COLOR_PATTERN)).min(1),
});
/** 001 §5 defaults: text black, background white, button text white, button background black; one white colour. */
export const defaultBrandColors: z.infer<typeof brandColorsSchema> = {
  textColor: '#000000',
  backgroundColor: '#FFFFFF',
  buttonTextColor: '#FFFFFF',
  buttonBackgroundColor: '#000000',
  colors: ['#FFFFFF'],
};

export const brandKitSchema = z.object({
  website: z.string().nullable(),
  description: z.string().nullable(),
  colors: brandColorsSchema,
  font: z.string().nullable(),
  subtitlesFont: subtitlesOptionSchema,
  subtitlesColors: subtitlesOptionSchema,
});
export type BrandKit = z.infer<typeof brandKitSchema>;

export const guidelineSchema = z.object({
  id: z.number().int(),
  brandId: z.string(),
  text: z.string(),
  type: z.literal('VALUE_PROPS'),
  isDeleted: z.boolean(),
});
export type Guideline = z.infer<typeof guidelineSchema>;

export const allocationSchema = z.object({
  name: z.string(),
  assetsCount: z.number().nullable(),
  storageBytes: z.number().nullable(),
  usersCount: z.number().nullable(),
  aiTagsCount: z.number().nullable(),
  aiTagsGenerationsCount: z.number().nullable(),
  analyzedAdsMonthlyCount: z.number().nullable(),
  adPlatformSyncMonthsCount: z.number().nullable(),
  agentMessagesMonthlyCount: z.number().nullable(),
});
export type Allocation = z.infer<typeof allocationSchema>;

export const brandSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  industryId: z.number().nullable(),
  isFree: z.boolean(),
  onboardingCompleted: z.boolean(),
  vettingMethod: z.string().nullable(),
  logoURL: z.string().nullable(),
  fullLogoURL: z.string().nullable(),
  brandKit: brandKitSchema,
  guidelines: z.array(guidelineSchema),
  createdAt: dateTime,
  accountAllocation: allocationSchema.optional(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1500).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z.enum(['name', 'createdAt']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  includeAccountAllocation: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** Super users: search brands by name. */
  q: z.string().trim().max(100).optional(),
});

/** PUT /brands/{id}: the about form. Guidelines with negative ids are new; isDeleted removes. */
export const updateBrandBodySchema = z.object({
  name: brandNameSchema.optional(),
  industryId: z.number().int().nullable().optional(),
  brandKit: z
    .object({
      website: z
        .union([websiteSchema, z.literal('')])
        .nullable()
        .optional(),
      description: descriptionString().max(TEXT_LIMITS.brandDescription).nullable().optional(),
    })
    .optional(),
  guidelines: z
    .array(
      z.object({
        id: z.number().int().optional(),
        text: nameString().trim().min(1).max(500),
        type: z.literal('VALUE_PROPS').default('VALUE_PROPS'),
        isDeleted: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type UpdateBrandBody = z.infer<typeof updateBrandBodySchema>;

/** PUT /brands/{id}/creative_kit: campaign management (super users). */
/** A logo: an absolute URL, or a file uploaded through POST /upload/url (/api/public-files/…). */
export const logoUrlSchema = z.union([z.url(), z.string().regex(/^\/api\/public-files\/[\w.-]+$/)]);

export const updateCreativeKitBodySchema = z.object({
  logoURL: logoUrlSchema.nullable().optional(),
  fullLogoURL: z.string().url().nullable().optional(),
  brandKit: z
    .object({
      colors: brandColorsSchema.optional(),
      font: z.string().max(100).nullable().optional(),
      subtitlesFont: subtitlesOptionSchema.optional(),
      subtitlesColors: subtitlesOptionSchema.optional(),
    })
    .optional(),
});

export const creativeKitSchema = z.object({
  brandId: z.string(),
  logoURL: z.string().nullable(),
  fullLogoURL: z.string().nullable(),
  brandKit: brandKitSchema,
});

export const completeOnboardingBodySchema = z.object({
  companyName: brandNameSchema,
  industryId: z.number().int(),
  website: websiteSchema,
});

export const industrySchema = z.object({ id: z.number().int(), name: z.string() });
export type Industry = z.infer<typeof industrySchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isSuperUser: z.boolean(),
  role: z.enum(['admin', 'member']),
  /** Set means active; null means the invitation was sent and not yet accepted. */
  lastLogin: dateTime.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const inviteUserBodySchema = z.object({
  firstName: nameString().trim().min(1).max(60),
  lastName: nameString().trim().min(1).max(60),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'invalid user email' })),
  accountId: z.uuid(),
});

export const requestUpgradeBodySchema = z.object({
  fullName: nameString().trim().min(1).max(120),
  email: emailSchema,
});

export const usageSchema = z.object({
  assetsCount: z.number(),
  storageBytes: z.number(),
  usersCount: z.number(),
  aiTagsCount: z.number(),
  aiTagsGenerationsCount: z.number(),
  analyzedAdsMonthlyCount: z.number(),
  agentMessagesMonthlyCount: z.number(),
});
export type Usage = z.infer<typeof usageSchema>;

export const packageSchema = z.object({ id: z.string(), name: z.string() });
