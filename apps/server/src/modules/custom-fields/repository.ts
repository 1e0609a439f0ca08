import type { CustomFieldValue } from '@hookline/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { assetFieldValues, type CustomFieldOption, customFields } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type FieldValueRow = typeof assetFieldValues.$inferInsert;

/** A value in the column of its field's type. */
export type StoredValue = Pick<FieldValueRow, 'textValue' | 'numberValue' | 'dateValue' | 'optionIds'>;

const INSERT_BATCH = 5000;

type ValueColumns = [
  fieldId: string,
  type: CustomFieldRow['type'],
  textValue: string | null,
  numberValue: number | null,
  dateValue: string | null,
  optionIds: string[] | null,
];

/** An item's values by field id, from its itemValuesColumn: each in the column of its field's type. */
export function readItemValues(column: unknown): Record<string, CustomFieldValue> {
  const values: Record<string, CustomFieldValue> = {};
  for (const [fieldId, type, textValue, numberValue, dateValue, optionIds] of column as ValueColumns[]) {
    switch (type) {
      case 'NUMBER':
        if (numberValue !== null) values[fieldId] = numberValue;
        break;
      case 'DATE':
        if (dateValue !== null) values[fieldId] = dateValue;
        break;
      case 'SINGLE_SELECT':
        if (optionIds?.[0]) values[fieldId] = optionIds[0];
        break;
      case 'MULTI_SELECT':
        if (optionIds?.length) values[fieldId] = optionIds;
        break;
      default:
        if (textValue !== null) values[fieldId] = textValue;
    }
  }
  return values;
}

/** Custom fields of a brand and their values on items. */
export class CustomFieldsRepository extends Repository {
  fields(brandId: string): Promise<CustomFieldRow[]> {
    return this.db
      .select()
      .from(customFields)
      .where(eq(customFields.brandId, brandId))
      .orderBy(asc(customFields.position), asc(customFields.createdAt));
  }

  async field(brandId: string, id: string): Promise<CustomFieldRow | undefined> {
    const [row] = await this.db
      .select()
      .from(customFields)
      .where(and(eq(customFields.brandId, brandId), eq(customFields.id, id)));
    return row;
  }

  /** Items with a value, per field of the brand. */
  async usage(brandId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ fieldId: assetFieldValues.fieldId, n: count() })
      .from(assetFieldValues)
      .innerJoin(customFields, eq(customFields.id, assetFieldValues.fieldId))
      .where(eq(customFields.brandId, brandId))
      .groupBy(assetFieldValues.fieldId);
    return new Map(rows.map((row) => [row.fieldId, row.n]));
  }

  async insertField(row: typeof customFields.$inferInsert): Promise<CustomFieldRow> {
    const [made] = await this.db.insert(customFields).values(row).returning();
    return made!;
  }

  async updateField(
    id: string,
    values: Partial<Pick<CustomFieldRow, 'name' | 'options' | 'description' | 'requiredOnUpload'>>,
  ): Promise<void> {
    await this.db
      .update(customFields)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(customFields.id, id));
  }

  /** Numbers the brand's fields 0, 1, 2… in the given order. */
  async reorder(ids: string[]): Promise<void> {
    for (const [position, id] of ids.entries())
      await this.db.update(customFields).set({ position }).where(eq(customFields.id, id));
  }

  /** Deletes a field with its values; answers how many items lost one. */
  async deleteField(id: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(assetFieldValues)
      .where(eq(assetFieldValues.fieldId, id));
    await this.db.delete(customFields).where(eq(customFields.id, id));
    return row?.n ?? 0;
  }

  /** Takes deleted options off the values of a select field; a value left empty goes. */
  async removeOptions(fieldId: string, optionIds: string[]): Promise<void> {
    for (const optionId of optionIds)
      await this.db
        .update(assetFieldValues)
        .set({ optionIds: sql`array_remove(${assetFieldValues.optionIds}, ${optionId}::uuid)` })
        .where(eq(assetFieldValues.fieldId, fieldId));
    await this.db
      .delete(assetFieldValues)
      .where(and(eq(assetFieldValues.fieldId, fieldId), sql`cardinality(${assetFieldValues.optionIds}) = 0`));
  }

  // ── values ──────────────────────────────────────────────────────────────
  /**
   * An item's stored values as a column of the library's item rows (ItemExtension.fields): a
   * JSON array of [fieldId, type, text, number, date, optionIds]; readItemValues reads it.
   */
  itemValuesColumn(assetId: SQL): SQL {
    return sql`coalesce((select json_agg(json_build_array(${assetFieldValues.fieldId}, ${customFields.type}, ${assetFieldValues.textValue},
        ${assetFieldValues.numberValue}, ${assetFieldValues.dateValue}, ${assetFieldValues.optionIds}))
      from ${assetFieldValues} join ${customFields} on ${customFields.id} = ${assetFieldValues.fieldId}
      where ${assetFieldValues.assetId} = ${assetId}), '[]'::json)`;
  }

  /** Sets one field's value on items (replacing what they had). */
  async setValues(assetIds: string[], fieldId: string, value: StoredValue): Promise<void> {
    const rows = assetIds.map((assetId) => ({ assetId, fieldId, ...value, updatedAt: new Date() }));
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await this.db
        .insert(assetFieldValues)
        .values(rows.slice(i, i + INSERT_BATCH))
        .onConflictDoUpdate({
          target: [assetFieldValues.assetId, assetFieldValues.fieldId],
          set: {
            textValue: sql`excluded.text_value`,
            numberValue: sql`excluded.number_value`,
            dateValue: sql`excluded.date_value`,
            optionIds: sql`excluded.option_ids`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
  }

  async clearValues(assetIds: string[], fieldId: string): Promise<void> {
    if (assetIds.length === 0) return;
    await this.db
      .delete(assetFieldValues)
      .where(and(inArray(assetFieldValues.assetId, assetIds), eq(assetFieldValues.fieldId, fieldId)));
  }

  /** Copies carry their source's values. */
  async copyValues(pairs: readonly (readonly [string, string])[]): Promise<void> {
    if (pairs.length === 0) return;
    const copyOf = new Map(pairs);
    const rows = await this.db
      .select()
      .from(assetFieldValues)
      .where(inArray(assetFieldValues.assetId, [...copyOf.keys()]));
    const copies = rows.map((row) => ({ ...row, assetId: copyOf.get(row.assetId)! }));
    for (let i = 0; i < copies.length; i += INSERT_BATCH)
      await this.db
        .insert(assetFieldValues)
        .values(copies.slice(i, i + INSERT_BATCH))
        .onConflictDoNothing();
  }
}

export type { CustomFieldOption };
