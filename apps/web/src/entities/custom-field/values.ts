import {
  CUSTOM_FIELD_LIMITS,
  type CustomField,
  type CustomFieldValue,
  customFieldsMessages,
  formatDate,
  interpolate,
} from '@hookline/contract';

/**
 * Custom field values as the web handles them, checked the way the server checks them (so a
 * form can say what is wrong before it sends): text, URL, date ('YYYY-MM-DD') and single select
 * (an option id) are strings, numbers numbers, multi select a list of option ids. Blank text and
 * an empty selection are no value (null).
 */
export type FieldValue = CustomFieldValue | null;

const t = customFieldsMessages;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of 'YYYY-MM-DD' (local midnight), or null when it is not a real date. */
export function parseDay(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The value to store: trimmed text, a number for NUMBER, null for nothing. */
export function normalizeValue(field: CustomField, value: FieldValue | undefined): FieldValue {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.length > 0 ? value : null;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (!text) return null;
  if (field.type === 'NUMBER') {
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

export const isBlank = (value: FieldValue | undefined): boolean =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) ? value.length === 0 : String(value).trim() === '');

/** Why the value cannot be stored, or null when it can (no value always can). */
export function valueError(field: CustomField, value: FieldValue | undefined): string | null {
  const normal = normalizeValue(field, value);
  if (normal === null) return null;
  const options = new Set(field.options.map((option) => option.id));
  switch (field.type) {
    case 'TEXT':
      return typeof normal === 'string' && normal.length <= CUSTOM_FIELD_LIMITS.textValueMax
        ? null
        : interpolate(t.invalidText, { max: CUSTOM_FIELD_LIMITS.textValueMax });
    case 'URL':
      return typeof normal === 'string' && normal.length <= CUSTOM_FIELD_LIMITS.urlMax && isWebUrl(normal)
        ? null
        : t.invalidUrl;
    case 'NUMBER':
      return typeof normal === 'number' ? null : t.invalidNumber;
    case 'DATE':
      return typeof normal === 'string' && parseDay(normal) ? null : t.invalidDate;
    case 'SINGLE_SELECT':
      return typeof normal === 'string' && options.has(normal) ? null : t.invalidOption;
    case 'MULTI_SELECT':
      return Array.isArray(normal) && normal.every((id) => options.has(id)) ? null : t.invalidOption;
  }
}

export const sameValue = (a: FieldValue | undefined, b: FieldValue | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The value as text ('—' for none): option labels, 'MMM d, yyyy' dates, grouped numbers. */
export function formatValue(field: CustomField, value: FieldValue | undefined): string {
  if (isBlank(value)) return '—';
  const label = (id: string) => field.options.find((option) => option.id === id)?.label ?? '';
  if (Array.isArray(value)) return value.map(label).filter(Boolean).join(', ') || '—';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (field.type === 'SINGLE_SELECT') return label(value!) || '—';
  if (field.type === 'DATE') {
    const day = parseDay(value!);
    return day ? formatDate(day) : value!;
  }
  return value!;
}
