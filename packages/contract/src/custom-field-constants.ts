/** Custom fields (beyond the seeds, as in Air and Bynder) without schemas. */

export const customFieldTypes = ['TEXT', 'NUMBER', 'DATE', 'SINGLE_SELECT', 'MULTI_SELECT', 'URL'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

export const CUSTOM_FIELD_LIMITS = {
  perBrand: 50,
  nameMax: 50,
  descriptionMax: 500,
  options: 100,
  optionLabelMax: 50,
  textValueMax: 1000,
  urlMax: 2048,
} as const;

/** Whether a field's values are option ids. */
export const isSelectField = (type: CustomFieldType) => type === 'SINGLE_SELECT' || type === 'MULTI_SELECT';
