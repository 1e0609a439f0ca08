import {
  brandColorsSchema,
  brandNameSchema,
  defaultBrandColors,
  logoUrlSchema,
  subtitlesOptionSchema,
  TEXT_LIMITS,
  type UpdateBrandBody,
  websiteSchema,
} from '@hookline/contract';
import { z } from 'zod';
import type { BrandItem } from '@/entities/brand';
import type { UpdateCreativeKitBody } from '../api/update-creative-kit';

/**
 * The brand settings forms (001 §5) and how their values become the contract's request
 * bodies: the form schemas are built from the contract's field schemas and transform into
 * updateBrandBodySchema / updateCreativeKitBodySchema bodies.
 */

/** A value proposition being edited: saved ones have the server's id, new ones a negative one. */
export interface GuidelineDraft {
  id: number;
  text: string;
  isDeleted: boolean;
}

export interface AboutValues extends Record<string, unknown> {
  name: string;
  website: string;
  industryId: number | null;
  description: string;
  guidelines: GuidelineDraft[];
}

export function toAboutValues(brand: BrandItem): AboutValues {
  return {
    name: brand.name,
    website: brand.brandKit.website ?? '',
    industryId: brand.industryId,
    description: brand.brandKit.description ?? '',
    guidelines: brand.guidelines
      .filter((g) => g.type === 'VALUE_PROPS' && !g.isDeleted)
      .map((g) => ({ id: g.id, text: g.text, isDeleted: false })),
  };
}

export const GUIDELINE_MAX_LENGTH = 500;

/**
 * Adds a value proposition with a temporary negative id (-1, -2, …). Blank texts and
 * duplicates of a shown one (any case) are ignored.
 */
export function addGuideline(list: readonly GuidelineDraft[], rawText: string): GuidelineDraft[] {
  const text = rawText.trim().slice(0, GUIDELINE_MAX_LENGTH);
  if (!text) return [...list];
  const duplicate = list.some((g) => !g.isDeleted && g.text.toLowerCase() === text.toLowerCase());
  if (duplicate) return [...list];
  const id = Math.min(0, ...list.map((g) => g.id)) - 1;
  return [...list, { id, text, isDeleted: false }];
}

/** An unsaved proposition disappears; a saved one is marked isDeleted (and hidden). */
export function removeGuideline(list: readonly GuidelineDraft[], id: number): GuidelineDraft[] {
  if (id < 0) return list.filter((g) => g.id !== id);
  return list.map((g) => (g.id === id ? { ...g, isDeleted: true } : g));
}

export function toUpdateBrandBody(values: AboutValues): UpdateBrandBody {
  return {
    name: values.name.trim(),
    industryId: values.industryId,
    brandKit: {
      website: values.website.trim() || null,
      description: values.description.trim() || null,
    },
    guidelines: values.guidelines
      .filter((g) => g.id >= 0 || !g.isDeleted)
      .map((g) =>
        g.id < 0
          ? // The temporary id is the client's: new propositions go without one.
            { text: g.text, type: 'VALUE_PROPS' as const }
          : { id: g.id, text: g.text, type: 'VALUE_PROPS' as const, isDeleted: g.isDeleted },
      ),
  };
}

export const aboutFormSchema = z
  .object({
    name: brandNameSchema,
    website: z.union([z.literal(''), websiteSchema]),
    industryId: z.number().int().nullable(),
    description: z.string().max(TEXT_LIMITS.brandDescription),
    guidelines: z.array(
      z.object({ id: z.number().int(), text: z.string().max(GUIDELINE_MAX_LENGTH), isDeleted: z.boolean() }),
    ),
  })
  .transform((values) => toUpdateBrandBody(values));

export type SubtitlesOption = z.infer<typeof subtitlesOptionSchema>;

export interface CreativeKitValues extends Record<string, unknown> {
  logoURL: string | null;
  textColor: string;
  backgroundColor: string;
  buttonTextColor: string;
  buttonBackgroundColor: string;
  colors: string[];
  font: string;
  subtitlesFont: SubtitlesOption;
  subtitlesColors: SubtitlesOption;
}

export function toCreativeKitValues(brand: BrandItem): CreativeKitValues {
  const colors = { ...defaultBrandColors, ...brand.brandKit.colors };
  return {
    logoURL: brand.logoURL,
    textColor: colors.textColor,
    backgroundColor: colors.backgroundColor,
    buttonTextColor: colors.buttonTextColor,
    buttonBackgroundColor: colors.buttonBackgroundColor,
    colors: colors.colors.length > 0 ? [...colors.colors] : [...defaultBrandColors.colors],
    font: brand.brandKit.font ?? '',
    subtitlesFont: brand.brandKit.subtitlesFont,
    subtitlesColors: brand.brandKit.subtitlesColors,
  };
}

/** The colour a new entry of the colour list starts with (001 §5: white). */
export const NEW_BRAND_COLOR = defaultBrandColors.colors[0] ?? '#FFFFFF';

export const creativeKitFormSchema = z
  .object({
    ...brandColorsSchema.shape,
    logoURL: logoUrlSchema.nullable(),
    font: z.string().max(100),
    subtitlesFont: subtitlesOptionSchema,
    subtitlesColors: subtitlesOptionSchema,
  })
  .transform(
    (values): UpdateCreativeKitBody => ({
      logoURL: values.logoURL,
      brandKit: {
        colors: {
          textColor: values.textColor,
          backgroundColor: values.backgroundColor,
          buttonTextColor: values.buttonTextColor,
          buttonBackgroundColor: values.buttonBackgroundColor,
          colors: values.colors,
        },
        font: values.font.trim() || null,
        subtitlesFont: values.subtitlesFont,
        subtitlesColors: values.subtitlesColors,
      },
    }),
  );
