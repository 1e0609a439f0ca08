import {
  type CustomField,
  type CustomFieldType,
  customFieldsMessages,
  isSelectField,
} from '@hookline/contract';
import { errorResponse, type FetchHandler, jsonResponse, type RecordedRequest } from './fetch-stub';
import { BRAND_PATH } from './library';

/**
 * A brand's custom fields API in memory, answering like the server: the list in order with
 * usage counts, create (409 for a taken name, ignoring case), update (options as a whole list:
 * an option with its id keeps it, one without gets a new id; position moves the field) and
 * delete. Ids come from a fixed pool so that every `…/{id}` route is registered up front.
 */
const POOL_SIZE = 60;
export const fieldId = (n: number) => `cf000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface SeedField {
  name: string;
  type: CustomFieldType;
  /** Option labels of a select field. */
  options?: string[];
  description?: string | null;
  requiredOnUpload?: boolean;
  usageCount?: number;
}

export function createCustomFieldsApi(seed: SeedField[] = []) {
  let next = 0;
  const newId = () => {
    next += 1;
    if (next > POOL_SIZE) throw new Error('fake custom fields API: id pool exhausted');
    return fieldId(next);
  };
  const fields: CustomField[] = seed.map((entry, position) => ({
    id: newId(),
    name: entry.name,
    type: entry.type,
    options: (entry.options ?? []).map((label) => ({ id: newId(), label })),
    description: entry.description ?? null,
    requiredOnUpload: entry.requiredOnUpload ?? false,
    position,
    usageCount: entry.usageCount ?? 0,
  }));
  const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const body = <T>(request: RecordedRequest) => request.body as T;
  const conflict = () =>
    errorResponse(409, {
      code: 'conflict',
      title: 'Conflict',
      message: customFieldsMessages.alreadyExists,
      fields: [{ path: 'body.name', message: customFieldsMessages.alreadyExists }],
    });
  const renumber = () => {
    for (const [position, field] of fields.entries()) field.position = position;
  };
  const withOptions = (options: Array<{ id?: string; label: string }>): CustomField['options'] =>
    options.map((option) => ({ id: option.id ?? newId(), label: option.label }));

  const routes: Record<string, FetchHandler> = {
    [`GET ${BRAND_PATH}/custom-fields`]: () => jsonResponse(fields),
    [`POST ${BRAND_PATH}/custom-fields`]: (request) => {
      const input = body<{
        name: string;
        type: CustomFieldType;
        options?: { label: string }[];
        description?: string | null;
        requiredOnUpload?: boolean;
      }>(request);
      if (fields.some((field) => sameName(field.name, input.name))) return conflict();
      const field: CustomField = {
        id: newId(),
        name: input.name,
        type: input.type,
        options: isSelectField(input.type) ? withOptions(input.options ?? []) : [],
        description: input.description ?? null,
        requiredOnUpload: input.requiredOnUpload ?? false,
        position: fields.length,
        usageCount: 0,
      };
      fields.push(field);
      return jsonResponse(field, { status: 201 });
    },
  };
  for (let n = 1; n <= POOL_SIZE; n++) {
    const id = fieldId(n);
    routes[`PUT ${BRAND_PATH}/custom-fields/${id}`] = (request) => {
      const field = fields.find((entry) => entry.id === id);
      if (!field)
        return errorResponse(404, { code: 'not_found', message: customFieldsMessages.unknownField });
      const changes = body<{
        name?: string;
        options?: Array<{ id?: string; label: string }>;
        description?: string | null;
        requiredOnUpload?: boolean;
        position?: number;
      }>(request);
      if (
        changes.name !== undefined &&
        fields.some((entry) => entry.id !== id && sameName(entry.name, changes.name!))
      )
        return conflict();
      if (changes.name !== undefined) field.name = changes.name;
      if (changes.options) field.options = withOptions(changes.options);
      if (changes.description !== undefined) field.description = changes.description;
      if (changes.requiredOnUpload !== undefined) field.requiredOnUpload = changes.requiredOnUpload;
      if (changes.position !== undefined) {
        fields.splice(fields.indexOf(field), 1);
        fields.splice(Math.min(changes.position, fields.length), 0, field);
        renumber();
      }
      return jsonResponse(field);
    };
    routes[`DELETE ${BRAND_PATH}/custom-fields/${id}`] = () => {
      const index = fields.findIndex((entry) => entry.id === id);
      if (index < 0)
        return errorResponse(404, { code: 'not_found', message: customFieldsMessages.unknownField });
      const [gone] = fields.splice(index, 1);
      renumber();
      return jsonResponse({ ok: true, valuesDeleted: gone?.usageCount ?? 0 });
    };
  }

  const field = (name: string) => {
    const found = fields.find((entry) => entry.name === name);
    if (!found) throw new Error(`fake custom fields API: no field ${name}`);
    return found;
  };
  return {
    routes,
    fields: () => fields,
    field,
    optionId: (name: string, label: string) =>
      field(name).options.find((option) => option.label === label)!.id,
  };
}

/** The demo brand's fields: Campaign (single select) and Agency (text). */
export const demoFields = (): SeedField[] => [
  {
    name: 'Campaign',
    type: 'SINGLE_SELECT',
    options: ['Summer 2026', 'Holiday'],
    description: 'The campaign a file was made for',
    usageCount: 3,
  },
  { name: 'Agency', type: 'TEXT', usageCount: 1 },
];
