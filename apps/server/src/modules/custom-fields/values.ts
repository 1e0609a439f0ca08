import { CUSTOM_FIELD_LIMITS, type CustomFieldValue, interpolate, messages } from '@hookline/contract';
import type { CustomFieldRow, StoredValue } from './repository.js';

const t = messages.customFields;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date that exists ('2025-02-30' does not). */
function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Web addresses only: http and https (never javascript:, data: and the like). */
function isWebUrl(value: string): boolean {
  if (value.length > CUSTOM_FIELD_LIMITS.urlMax) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/**
 * A value checked against its field's type and turned into the column it is stored in, or
 * the message that says why not. Blank text and empty selections count as no value (null).
 */
export function storedValue(
  field: CustomFieldRow,
  value: CustomFieldValue,
): { ok: true; stored: StoredValue | null } | { ok: false; message: string } {
  const none = { textValue: null, numberValue: null, dateValue: null, optionIds: null };
  const optionIds = new Set(field.options.map((option) => option.id));
  switch (field.type) {
    case 'TEXT': {
      if (typeof value !== 'string')
        return { ok: false, message: interpolate(t.invalidText, { max: CUSTOM_FIELD_LIMITS.textValueMax }) };
      const text = value.trim();
      if (text.length > CUSTOM_FIELD_LIMITS.textValueMax)
        return { ok: false, message: interpolate(t.invalidText, { max: CUSTOM_FIELD_LIMITS.textValueMax }) };
      return { ok: true, stored: text ? { ...none, textValue: text } : null };
    }
    case 'URL': {
      if (typeof value !== 'string') return { ok: false, message: t.invalidUrl };
      const url = value.trim();
      if (!url) return { ok: true, stored: null };
      return isWebUrl(url)
        ? { ok: true, stored: { ...none, textValue: url } }
        : { ok: false, message: t.invalidUrl };
    }
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value)
        ? { ok: true, stored: { ...none, numberValue: value } }
        : { ok: false, message: t.invalidNumber };
    case 'DATE':
      return typeof value === 'string' && isRealDate(value)
        ? { ok: true, stored: { ...none, dateValue: value } }
        : { ok: false, message: t.invalidDate };
    case 'SINGLE_SELECT':
      if (typeof value !== 'string' || !optionIds.has(value)) return { ok: false, message: t.invalidOption };
      return { ok: true, stored: { ...none, optionIds: [value] } };
    case 'MULTI_SELECT': {
      if (!Array.isArray(value) || value.some((id) => !optionIds.has(id)))
        return { ok: false, message: t.invalidOption };
      const unique = [...new Set(value)];
      return { ok: true, stored: unique.length > 0 ? { ...none, optionIds: unique } : null };
    }
  }
}
