/**
 * A brand's ad naming convention (issue 17 "Beyond the seeds"), without schemas: the field
 * kinds, the limits and the one parser the server (on save and on every ad write) and the
 * web's live preview both use, so a name splits the same way on either side.
 */

import { namingConventionMessages } from './messages/naming-convention.js';
import { interpolate } from './messages.js';

/** The named kinds of a naming field. */
export const namingNamedKinds = ['format', 'hookType', 'creator', 'aspect', 'version'] as const;
/** What a position of the name holds; `custom` carries its own label. */
export const namingFieldKinds = [...namingNamedKinds, 'custom'] as const;
export type NamingFieldKind = (typeof namingFieldKinds)[number];

export const NAMING_CONVENTION_LIMITS = {
  delimiterMin: 1,
  delimiterMax: 3,
  fields: 12,
  /** Positions start at 0; a name with more than 40 parts is no naming convention. */
  maxPosition: 39,
  labelMax: 40,
  /** The preview's sample: the brand's highest-spend ad names over the last days. */
  sampleSize: 20,
  sampleDays: 30,
} as const;

/** The delimiter of a brand that has saved no convention yet. */
export const DEFAULT_NAMING_DELIMITER = '_';

export interface NamingField {
  position: number;
  name: NamingFieldKind;
  /** A custom field's label (required for custom, unused otherwise). */
  label?: string;
}

export interface NamingConvention {
  delimiter: string;
  fields: NamingField[];
}

/** Parsed values by field key: `format`, `hookType`, … and `custom:{label}`. */
export type NamingValues = Record<string, string>;

/** The key a field's value is stored, grouped and filtered under. */
export const namingKey = (field: Pick<NamingField, 'name' | 'label'>): string =>
  field.name === 'custom' ? `custom:${field.label ?? ''}` : field.name;

/** The words a field is shown with (the kind's name, or a custom field's label). */
export const namingFieldTitles: Record<(typeof namingNamedKinds)[number], string> = {
  format: 'Format',
  hookType: 'Hook type',
  creator: 'Creator',
  aspect: 'Aspect',
  version: 'Version',
};
export const namingFieldTitle = (field: Pick<NamingField, 'name' | 'label'>): string =>
  field.name === 'custom' ? field.label || 'Custom' : namingFieldTitles[field.name];

/** A field key as a group-by or filter field names it: a kind or `custom:{label}`. */
export const isNamingKey = (key: string): boolean =>
  key.startsWith('custom:')
    ? key.length > 'custom:'.length
    : (namingNamedKinds as readonly string[]).includes(key);

export interface NamingParse {
  /** The name split by the delimiter, each part trimmed. */
  parts: string[];
  /** Each field's value by key; null when the name does not fit (or there are no fields). */
  values: NamingValues | null;
  /** Why the name does not fit the convention; null when it does. */
  misfit: string | null;
}

/**
 * Splits an ad name by the convention's delimiter and reads each field at its position.
 *
 * Decided: a name fits when it has exactly as many parts as the highest field position + 1
 * (positions no field names may hold anything, but must be there) and no field's part is
 * empty. A name with fewer parts, more parts (an extra delimiter inside a creator's name, a
 * ' - Copy' suffix split off) or an empty field is a misfit, and a misfit has no values at all:
 * its parts may be shifted, so reading them would put ads in the wrong groups. Its ads land in
 * 'Other'. Values are kept as written (trimmed), so 'UGC' and 'ugc' are two groups.
 */
export function parseAdName(name: string, convention: NamingConvention): NamingParse {
  const parts = convention.delimiter ? name.split(convention.delimiter).map((p) => p.trim()) : [name.trim()];
  if (convention.fields.length === 0) return { parts, values: null, misfit: null };
  const expected = Math.max(...convention.fields.map((f) => f.position)) + 1;
  const m = namingConventionMessages;
  if (parts.length !== expected)
    return {
      parts,
      values: null,
      misfit: interpolate(parts.length < expected ? m.tooFewParts : m.tooManyParts, {
        count: parts.length,
        expected,
      }),
    };
  const values: NamingValues = {};
  for (const field of [...convention.fields].sort((a, b) => a.position - b.position)) {
    const value = parts[field.position] ?? '';
    if (!value)
      return {
        parts,
        values: null,
        misfit: interpolate(m.emptyPart, { position: field.position, field: namingFieldTitle(field) }),
      };
    values[namingKey(field)] = value;
  }
  return { parts, values, misfit: null };
}
