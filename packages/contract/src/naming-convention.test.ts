import { describe, expect, it } from 'vitest';
import { namingConventionSchema } from './naming-convention.js';
import { isNamingKey, type NamingConvention, parseAdName } from './naming-convention-constants.js';

const convention: NamingConvention = {
  delimiter: '_',
  fields: [
    { position: 0, name: 'format' },
    { position: 1, name: 'hookType' },
    { position: 3, name: 'custom', label: 'Market' },
  ],
};

describe('parsing an ad name with a naming convention', () => {
  it('reads each field at its position, trimmed; positions no field names may hold anything', () => {
    expect(parseAdName('UGC_ Question _anything_US', convention)).toEqual({
      parts: ['UGC', 'Question', 'anything', 'US'],
      values: { format: 'UGC', hookType: 'Question', 'custom:Market': 'US' },
      misfit: null,
    });
  });

  it('a name with fewer or more parts, or an empty field, is a misfit without values', () => {
    expect(parseAdName('UGC_Question', convention)).toMatchObject({
      values: null,
      misfit: 'Only 2 of the 4 parts',
    });
    expect(parseAdName('UGC_Question_x_US_copy', convention)).toMatchObject({
      values: null,
      misfit: '5 parts where the convention has 4',
    });
    expect(parseAdName('UGC__x_US', convention)).toMatchObject({
      values: null,
      misfit: 'Nothing at position 1 (Hook type)',
    });
    // An empty part where no field reads is fine.
    expect(parseAdName('UGC_Q__US', convention).misfit).toBeNull();
  });

  it('a multi-character delimiter splits as typed; no fields parse nothing', () => {
    expect(parseAdName('UGC - Q - x - US', { ...convention, delimiter: ' - ' }).values).toEqual({
      format: 'UGC',
      hookType: 'Q',
      'custom:Market': 'US',
    });
    expect(parseAdName('Anything', { delimiter: '_', fields: [] })).toEqual({
      parts: ['Anything'],
      values: null,
      misfit: null,
    });
  });

  it('names the naming keys group-by and filters accept', () => {
    expect(['format', 'version', 'custom:Market'].every(isNamingKey)).toBe(true);
    expect(['custom', 'custom:', 'colour', ''].some(isNamingKey)).toBe(false);
  });
});

describe('the naming convention schema', () => {
  const issues = (value: unknown) => {
    const result = namingConventionSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('sorts fields by position and keeps labels on custom fields only', () => {
    expect(
      namingConventionSchema.parse({
        delimiter: '_',
        fields: [
          { position: 2, name: 'custom', label: ' Market ' },
          { position: 0, name: 'format', label: 'dropped' },
        ],
      }),
    ).toEqual({
      delimiter: '_',
      fields: [
        { position: 0, name: 'format' },
        { position: 2, name: 'custom', label: 'Market' },
      ],
    });
  });

  it('refuses what a convention cannot be, naming the field', () => {
    expect(issues({ delimiter: 'abcd', fields: [] })).toEqual([
      ['delimiter', 'The delimiter is 1 to 3 characters'],
    ]);
    expect(
      issues({
        delimiter: '_',
        fields: [
          { position: 1, name: 'format' },
          { position: 1, name: 'custom', label: 'Market' },
          { position: 2, name: 'custom', label: 'market' },
          { position: 3, name: 'custom' },
        ],
      }),
    ).toEqual([
      ['fields.1.position', 'Each position holds one field'],
      ['fields.2.label', 'Each field appears once'],
      ['fields.3.label', 'A custom field needs a label'],
    ]);
  });
});
