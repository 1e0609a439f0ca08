import {
  NAMING_CONVENTION_LIMITS,
  type NamingConvention,
  type NamingConventionAnswer,
  type NamingFieldKind,
  namingConventionSchema,
  namingKey,
} from '@hookline/contract';
import { namingConventionTexts as t } from '@/config/texts/naming-convention';

/**
 * The form's draft of a naming convention: what the inputs hold (a cleared position is ''),
 * checked by the contract's schema, the same one the PUT's body must pass.
 */
export interface DraftField {
  /** React's key for the row (rows move as positions change). */
  id: number;
  position: number | '';
  name: NamingFieldKind;
  label: string;
}

export interface Draft {
  delimiter: string;
  fields: DraftField[];
}

let nextId = 0;
const newId = () => {
  nextId += 1;
  return nextId;
};

export function draftOf(answer: Pick<NamingConventionAnswer, 'delimiter' | 'fields'>): Draft {
  return {
    delimiter: answer.delimiter,
    fields: answer.fields.map((f) => ({
      id: newId(),
      position: f.position,
      name: f.name,
      label: f.label ?? '',
    })),
  };
}

/** A new row: after the last position, the first kind not used yet (else custom). */
export function addField(draft: Draft, kinds: readonly NamingFieldKind[]): Draft {
  const positions = draft.fields.flatMap((f) => (f.position === '' ? [] : [f.position]));
  const used = new Set(draft.fields.map((f) => f.name));
  const name = kinds.find((k) => k !== 'custom' && !used.has(k)) ?? 'custom';
  const position = Math.min(
    positions.length > 0 ? Math.max(...positions) + 1 : 0,
    NAMING_CONVENTION_LIMITS.maxPosition,
  );
  return { ...draft, fields: [...draft.fields, { id: newId(), position, name, label: '' }] };
}

/** The body the PUT sends (and the schema checks). */
export const bodyOf = (draft: Draft) => ({
  delimiter: draft.delimiter,
  fields: draft.fields.map((f) => ({
    position: f.position === '' ? Number.NaN : f.position,
    name: f.name,
    ...(f.name === 'custom' ? { label: f.label } : {}),
  })),
});

/** The draft checked: the body to save, or each field's message by path ('delimiter', 'fields.2.label'). */
export function checkDraft(
  draft: Draft,
):
  | { ok: true; body: NamingConvention; errors: Record<string, string> }
  | { ok: false; errors: Record<string, string> } {
  const parsed = namingConventionSchema.safeParse(bodyOf(draft));
  if (parsed.success) return { ok: true, body: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    // The schema's own words for a number that is missing or out of range are no user's.
    const message =
      /^fields\.\d+\.position$/.test(path) && issue.code !== 'custom' ? t.positionHint : issue.message;
    errors[path] ??= message;
  }
  return { ok: false, errors };
}

/**
 * What the preview parses with while the user types: the rows that make sense so far (a
 * position, a label on custom fields), so a half-filled row does not turn every name red.
 */
export function previewConvention(draft: Draft): NamingConvention {
  const seen = new Set<string>();
  const fields = draft.fields
    .flatMap((f) => {
      if (f.position === '' || !Number.isInteger(f.position) || f.position < 0) return [];
      if (f.name === 'custom' && !f.label.trim()) return [];
      const field =
        f.name === 'custom'
          ? { position: f.position, name: f.name, label: f.label.trim() }
          : { position: f.position, name: f.name };
      const key = namingKey(field);
      if (seen.has(key)) return [];
      seen.add(key);
      return [field];
    })
    .sort((a, b) => a.position - b.position);
  return { delimiter: draft.delimiter, fields };
}

/** Whether two drafts save the same convention (row ids aside). */
export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));
