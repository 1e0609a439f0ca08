import {
  CUSTOM_FIELD_LIMITS,
  type CustomField,
  type CustomFieldType,
  type CustomFieldValue,
  interpolate,
  isSelectField,
  messages,
} from '@hookline/contract';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { badRequest, conflict, notFound, validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { AccessService } from '../access/service.js';
import type { ItemChanges, ItemExtension } from '../library/items-service.js';
import type { LibraryScope } from '../library/scope.js';
import {
  type CustomFieldOption,
  type CustomFieldRow,
  type CustomFieldsRepository,
  readItemValues,
  type StoredValue,
} from './repository.js';
import { storedValue } from './values.js';

const t = messages.customFields;
type Values = Record<string, CustomFieldValue | null>;

const present = (row: CustomFieldRow, usageCount: number): CustomField => ({
  id: row.id,
  name: row.name,
  type: row.type,
  options: row.options,
  description: row.description,
  requiredOnUpload: row.requiredOnUpload,
  position: row.position,
  usageCount,
});

const fieldError = (path: string, message: string) => validationFailed([{ path, message }], message);

/**
 * Custom fields (beyond the seeds, as in Air and Bynder): brand admins define them, items
 * carry values checked by type. Values reach items through the library's extension: answers
 * carry `customFields`, item updates set them, copies keep them.
 */
export class CustomFieldsService {
  constructor(
    private readonly repository: CustomFieldsRepository,
    private readonly access: AccessService,
  ) {}

  async list(s: LibraryScope): Promise<CustomField[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const [fields, usage] = await Promise.all([
      this.repository.fields(s.brandId),
      this.repository.usage(s.brandId),
    ]);
    return fields.map((field) => present(field, usage.get(field.id) ?? 0));
  }

  async create(
    s: LibraryScope,
    body: {
      name: string;
      type: CustomFieldType;
      options?: { label: string }[] | undefined;
      description?: string | null | undefined;
      requiredOnUpload?: boolean | undefined;
    },
  ): Promise<CustomField> {
    await this.access.require(s.actor, 'field.manage', [s.brandId]);
    const fields = await this.repository.fields(s.brandId);
    if (fields.length >= CUSTOM_FIELD_LIMITS.perBrand)
      throw badRequest(interpolate(t.tooMany, { limit: CUSTOM_FIELD_LIMITS.perBrand }));
    const options = checkedOptions(body.type, body.options ?? [], []);
    const row = await this.uniqueName(() =>
      this.repository.insertField({
        id: uuidv7(),
        brandId: s.brandId,
        name: body.name,
        type: body.type,
        options,
        description: body.description || null,
        requiredOnUpload: body.requiredOnUpload ?? false,
        position: fields.length === 0 ? 0 : Math.max(...fields.map((f) => f.position)) + 1,
      }),
    );
    return present(row, 0);
  }

  async update(
    s: LibraryScope,
    id: string,
    body: {
      name?: string | undefined;
      type?: CustomFieldType | undefined;
      options?: { id?: string | undefined; label: string }[] | undefined;
      description?: string | null | undefined;
      requiredOnUpload?: boolean | undefined;
      position?: number | undefined;
    },
  ): Promise<CustomField> {
    await this.access.require(s.actor, 'field.manage', [s.brandId]);
    const field = await this.repository.field(s.brandId, id);
    if (!field) throw notFound(t.unknownField);
    if (body.type !== undefined && body.type !== field.type)
      throw fieldError('body.type', t.typeCannotChange);
    const options = body.options ? checkedOptions(field.type, body.options, field.options) : undefined;
    await this.repository.transaction(async () => {
      await this.uniqueName(() =>
        this.repository.updateField(id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(options ? { options } : {}),
          ...(body.description !== undefined ? { description: body.description || null } : {}),
          ...(body.requiredOnUpload !== undefined ? { requiredOnUpload: body.requiredOnUpload } : {}),
        }),
      );
      if (options) {
        const kept = new Set(options.map((option) => option.id));
        const gone = field.options.filter((option) => !kept.has(option.id)).map((option) => option.id);
        if (gone.length > 0) await this.repository.removeOptions(id, gone);
      }
      if (body.position !== undefined) {
        const order = (await this.repository.fields(s.brandId))
          .map((f) => f.id)
          .filter((other) => other !== id);
        order.splice(Math.min(body.position, order.length), 0, id);
        await this.repository.reorder(order);
      }
    });
    const usage = await this.repository.usage(s.brandId);
    return present((await this.repository.field(s.brandId, id))!, usage.get(id) ?? 0);
  }

  async delete(s: LibraryScope, id: string): Promise<{ ok: true; valuesDeleted: number }> {
    await this.access.require(s.actor, 'field.manage', [s.brandId]);
    if (!(await this.repository.field(s.brandId, id))) throw notFound(t.unknownField);
    const valuesDeleted = await this.repository.transaction(() => this.repository.deleteField(id));
    return { ok: true, valuesDeleted };
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(t.alreadyExists, [{ path: 'body.name', message: t.alreadyExists }]);
      throw error;
    }
  }

  // ── values ──────────────────────────────────────────────────────────────
  /**
   * Values checked against the brand's fields: 400 naming the field for an unknown field or
   * a value of the wrong kind. null (or a blank value) clears.
   */
  async checkValues(s: LibraryScope, values: Values, path: string): Promise<Map<string, StoredValue | null>> {
    return checkedValues(await this.repository.fields(s.brandId), values, path);
  }

  /**
   * Before an upload: every field required on upload has a value among `values`, else 400
   * 'Missing required fields: {names}' (uploads and every later upload path call this).
   */
  async requireForUpload(
    s: LibraryScope,
    values: Values | undefined,
  ): Promise<Map<string, StoredValue | null>> {
    // One read of the brand's fields for both checks.
    const fields = await this.repository.fields(s.brandId);
    const checked = checkedValues(fields, values ?? {}, 'body.customFields');
    const missing = fields.filter((field) => field.requiredOnUpload && !checked.get(field.id));
    if (missing.length > 0) {
      const message = interpolate(t.missingRequired, {
        names: missing.map((field) => field.name).join(', '),
      });
      throw validationFailed(
        missing.map((field) => ({ path: `body.customFields.${field.id}`, message })),
        message,
      );
    }
    return checked;
  }

  /** Writes checked values on items (the caller checked access and holds the transaction). */
  async writeValues(assetIds: string[], checked: Map<string, StoredValue | null>): Promise<void> {
    if (assetIds.length === 0) return;
    for (const [fieldId, stored] of checked) {
      if (stored) await this.repository.setValues(assetIds, fieldId, stored);
      else await this.repository.clearValues(assetIds, fieldId);
    }
  }

  /** What this module adds to library items: their values on answers, updates and copies. */
  itemExtension(): ItemExtension {
    return {
      fields: {
        select: (assetId) => this.repository.itemValuesColumn(assetId),
        read: (values) => ({ customFields: readItemValues(values) }),
      },
      update: (s, items, changes, mode) => this.applyItemChanges(s, items, changes, mode),
      copy: (pairs) => this.repository.copyValues(pairs),
    };
  }

  private async applyItemChanges(
    s: LibraryScope,
    items: AssetRow[],
    changes: ItemChanges,
    mode: 'replace' | 'add',
  ) {
    if (changes.customFields === undefined) return;
    const checked = await this.checkValues(
      s,
      changes.customFields,
      mode === 'add' ? 'body.updateQuery.customFields' : 'body.customFields',
    );
    const files = items.filter((item) => item.type !== 'FOLDER').map((item) => item.id);
    if (mode === 'replace' && files.length < items.length && [...checked.values()].some(Boolean))
      throw fieldError('body.customFields', t.foldersHaveNoFields);
    await this.writeValues(files, checked);
  }
}

/** Values checked against a brand's fields: each stored in its field's column, null clearing it. */
function checkedValues(
  brandFields: CustomFieldRow[],
  values: Values,
  path: string,
): Map<string, StoredValue | null> {
  const fields = new Map(brandFields.map((field) => [field.id, field]));
  const checked = new Map<string, StoredValue | null>();
  for (const [fieldId, value] of Object.entries(values)) {
    const field = fields.get(fieldId);
    if (!field) throw fieldError(`${path}.${fieldId}`, t.unknownField);
    if (value === null) {
      checked.set(fieldId, null);
      continue;
    }
    const result = storedValue(field, value);
    if (!result.ok) throw fieldError(`${path}.${fieldId}`, `${field.name}: ${result.message}`);
    checked.set(fieldId, result.stored);
  }
  return checked;
}

/**
 * A select field's options as stored: labels unique ignoring case; an option with an id must
 * be one of the field's (it keeps its values); new ones get ids. Other types take none.
 */
function checkedOptions(
  type: CustomFieldType,
  options: { id?: string | undefined; label: string }[],
  existing: CustomFieldOption[],
): CustomFieldOption[] {
  if (!isSelectField(type)) {
    if (options.length > 0) throw fieldError('body.options', t.optionsNotAllowed);
    return [];
  }
  if (options.length === 0) throw fieldError('body.options', t.optionsRequired);
  const labels = new Set(options.map((option) => option.label.toLowerCase()));
  if (labels.size !== options.length) throw fieldError('body.options', t.duplicateOption);
  const known = new Set(existing.map((option) => option.id));
  return options.map((option) => {
    if (option.id !== undefined && !known.has(option.id)) throw fieldError('body.options', t.invalidOption);
    return { id: option.id ?? uuidv7(), label: option.label };
  });
}
