import { z } from 'zod';
import { CUSTOM_FIELD_LIMITS, customFieldTypes } from './custom-field-constants.js';
import { descriptionString, nameString } from './text.js';

/** Custom fields of a brand and their values on items. */

export const customFieldOptionSchema = z.object({ id: z.string(), label: z.string() });

export const customFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(customFieldTypes),
  /** The choices of a select field, in order. */
  options: z.array(customFieldOptionSchema),
  description: z.string().nullable(),
  /** Uploads must give it a value (files; folders are exempt). */
  requiredOnUpload: z.boolean(),
  position: z.number(),
  /** Items with a value (what deleting the field would clear). */
  usageCount: z.number(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/**
 * A value as items carry it: text, URL, date ('YYYY-MM-DD') and single select (an option id)
 * are strings, numbers numbers, multi select a list of option ids.
 */
export const customFieldValueSchema = z.union([z.string(), z.number(), z.array(z.string())]);
export type CustomFieldValue = z.infer<typeof customFieldValueSchema>;
/** Field id → value; in updates null clears a value. */
export const customFieldValuesSchema = z.record(z.uuid(), customFieldValueSchema.nullable());

const fieldName = nameString().trim().min(1, 'requiredName').max(CUSTOM_FIELD_LIMITS.nameMax);
const optionLabel = nameString().trim().min(1, 'requiredName').max(CUSTOM_FIELD_LIMITS.optionLabelMax);

export const createCustomFieldBodySchema = z.object({
  name: fieldName,
  type: z.enum(customFieldTypes),
  options: z
    .array(z.object({ label: optionLabel }))
    .max(CUSTOM_FIELD_LIMITS.options)
    .optional(),
  description: descriptionString().trim().max(CUSTOM_FIELD_LIMITS.descriptionMax).nullable().optional(),
  requiredOnUpload: z.boolean().optional(),
});

/**
 * The type never changes. Options are the whole list: an option with its id keeps its values
 * (renamed when the label changed); one left out is deleted with its values; one without an
 * id is new. position moves the field in the list (0 = first).
 */
export const updateCustomFieldBodySchema = z.object({
  name: fieldName.optional(),
  /** Accepted only unchanged: a field's type never changes (400 otherwise). */
  type: z.enum(customFieldTypes).optional(),
  options: z
    .array(z.object({ id: z.uuid().optional(), label: optionLabel }))
    .max(CUSTOM_FIELD_LIMITS.options)
    .optional(),
  description: descriptionString().trim().max(CUSTOM_FIELD_LIMITS.descriptionMax).nullable().optional(),
  requiredOnUpload: z.boolean().optional(),
  position: z.number().int().min(0).optional(),
});

export const deleteCustomFieldResponseSchema = z.object({
  ok: z.literal(true),
  /** Items that lost a value. */
  valuesDeleted: z.number(),
});
