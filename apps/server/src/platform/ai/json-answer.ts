import { z } from 'zod';
import type { JsonMode } from './types.js';

/**
 * Structured output (ai.md §1): how `json()` asks for JSON under each AI_JSON_MODE, and how it
 * reads an answer back (models on non-strict servers wrap JSON in fences or thoughts).
 */

export function schemaFor(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

export function responseFormat(
  mode: JsonMode,
  jsonSchema: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (mode === 'json_schema')
    return { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema: jsonSchema } };
  if (mode === 'json_object') return { type: 'json_object' };
  return undefined;
}

/** `json_object` and prompt-only modes need the prompt itself to ask for JSON and give the shape. */
export function jsonInstruction(mode: JsonMode, jsonSchema: Record<string, unknown>): string | undefined {
  if (mode === 'json_schema') return undefined;
  return `Answer with one JSON value only, no prose and no code fences, matching this JSON Schema:\n${JSON.stringify(jsonSchema)}`;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export function checkAnswer<T>(content: string, schema: z.ZodType<T>): Checked<T> {
  const text = content
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .trim()
    .replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: `does not match the schema:\n${z.prettifyError(parsed.error)}` };
}
