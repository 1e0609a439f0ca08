import { z } from 'zod';
import { namingConventionMessages as m } from './messages/naming-convention.js';
import { NAMING_CONVENTION_LIMITS as L, namingFieldKinds, namingKey } from './naming-convention-constants.js';

/** A brand's ad naming convention (issue 17 "Beyond the seeds"): the form's and the PUT's schema. */

export const namingFieldSchema = z.object({
  position: z.number().int().min(0).max(L.maxPosition),
  name: z.enum(namingFieldKinds),
  /** A custom field's label (1–40 characters); ignored for the other kinds. */
  label: z.string().trim().max(L.labelMax).optional(),
});

/**
 * The convention as saved: a 1–3 character delimiter (kept as typed: a space is a delimiter)
 * and up to 12 fields, each at its own position, each kind (or custom label) once. Errors name
 * the field: `fields.2.position`, `fields.1.label`.
 */
export const namingConventionSchema = z
  .object({
    delimiter: z.string().min(L.delimiterMin, m.delimiterLength).max(L.delimiterMax, m.delimiterLength),
    fields: z.array(namingFieldSchema).max(L.fields, m.tooManyFields),
  })
  .superRefine((convention, ctx) => {
    const positions = new Set<number>();
    const keys = new Set<string>();
    convention.fields.forEach((field, index) => {
      if (field.name === 'custom' && !field.label)
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'label'], message: m.labelRequired });
      if (positions.has(field.position))
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'position'], message: m.duplicatePosition });
      positions.add(field.position);
      const key = namingKey(field).toLowerCase();
      if (keys.has(key) && (field.name !== 'custom' || field.label))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, field.name === 'custom' ? 'label' : 'name'],
          message: m.duplicateField,
        });
      keys.add(key);
    });
  })
  .transform((convention) => ({
    delimiter: convention.delimiter,
    fields: [...convention.fields]
      .sort((a, b) => a.position - b.position)
      .map((f) =>
        f.name === 'custom'
          ? { position: f.position, name: f.name, label: f.label }
          : { position: f.position, name: f.name },
      ),
  }));
export type NamingConventionInput = z.input<typeof namingConventionSchema>;

/** One of the preview's sample names: its 30-day spend and how the saved convention reads it. */
export const namingSampleSchema = z.object({
  name: z.string(),
  /** Spend over the last 30 days, summed over the brand's ads of this name. */
  spend: z.number(),
  /** Ads of the brand with this name. */
  ads: z.number(),
  values: z.record(z.string(), z.string()).nullable(),
  misfit: z.string().nullable(),
});
export type NamingSample = z.infer<typeof namingSampleSchema>;

/** GET and PUT ad-naming-convention: the convention (empty when none is saved) and the preview sample. */
export const namingConventionAnswerSchema = z.object({
  delimiter: z.string(),
  fields: z.array(
    z.object({
      position: z.number(),
      name: z.enum(namingFieldKinds),
      label: z.string().optional(),
    }),
  ),
  /** When it was last saved; null: never (the answer is the empty convention). */
  updatedAt: z.iso.datetime().nullable(),
  /** The brand's 20 highest-spend ad names over the last 30 days (ads without spend fill up). */
  sample: z.array(namingSampleSchema),
  /** The brand's ads, and those whose name fits (with values). */
  stats: z.object({ ads: z.number(), parsed: z.number() }),
});
export type NamingConventionAnswer = z.infer<typeof namingConventionAnswerSchema>;
