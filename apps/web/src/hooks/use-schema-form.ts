import { type FormEvent, useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';

/**
 * A form validated by the contract's zod schema: the schema that checks the form is the
 * request body it sends (style.md "One schema for form and request"). Errors show once a
 * field was left (blur) or a submit was tried, then follow the typing.
 */
export type FormValues = Record<string, unknown>;
type FieldName<V> = Extract<keyof V, string>;
type FieldTexts<V> = Partial<Record<FieldName<V>, string>>;

export interface SchemaFormOptions<V extends FormValues, Out> {
  schema: z.ZodType<Out>;
  initialValues: V;
  /** Shown instead of the schema's message when the field is blank. */
  requiredMessages?: FieldTexts<V>;
  /** Replaces the schema's messages for a field (a schema without texts of its own). */
  messages?: FieldTexts<V>;
}

export interface InputProps<T> {
  value: T;
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
}

function readValue(eventOrValue: unknown): unknown {
  if (typeof eventOrValue === 'object' && eventOrValue !== null && 'currentTarget' in eventOrValue) {
    const target = (eventOrValue as { currentTarget: { value?: unknown } }).currentTarget;
    return target.value;
  }
  return eventOrValue;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Stable comparison of plain form values (strings, numbers, arrays, objects). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function useSchemaForm<V extends FormValues, Out>({
  schema,
  initialValues,
  requiredMessages,
  messages,
}: SchemaFormOptions<V, Out>) {
  const [initial, setInitial] = useState<V>(initialValues);
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<FieldName<V>, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);

  const allErrors = useMemo(() => {
    const errors: FieldTexts<V> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if (typeof field !== 'string') continue;
        const name = field as FieldName<V>;
        errors[name] ??= messages?.[name] ?? issue.message;
      }
    }
    for (const [field, text] of Object.entries(requiredMessages ?? {}) as [FieldName<V>, string][]) {
      if (isBlank(values[field])) errors[field] = text;
    }
    return errors;
  }, [result, values, requiredMessages, messages]);

  const errors = useMemo(() => {
    const visible: FieldTexts<V> = {};
    for (const [field, text] of Object.entries(allErrors) as [FieldName<V>, string][]) {
      if (submitted || touched[field]) visible[field] = text;
    }
    return visible;
  }, [allErrors, submitted, touched]);

  const setFieldValue = useCallback(<K extends FieldName<V>>(field: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
  }, []);

  const touch = useCallback((field: FieldName<V>) => {
    setTouched((prev) => (prev[field] ? prev : { ...prev, [field]: true }));
  }, []);

  const getInputProps = <K extends FieldName<V>>(field: K): InputProps<V[K]> => ({
    value: values[field],
    onChange: (eventOrValue) => setFieldValue(field, readValue(eventOrValue) as V[K]),
    onBlur: () => touch(field),
    error: errors[field],
  });

  /** Starts over from these values (after a save: they are the new saved state). */
  const reset = useCallback((next: V) => {
    setInitial(next);
    setValues(next);
    setTouched({});
    setSubmitted(false);
  }, []);

  const isValid = result.success && Object.keys(allErrors).length === 0;

  const onSubmit = (handler: (data: Out) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (result.success && isValid) handler(result.data);
  };

  return {
    values,
    setValues,
    setFieldValue,
    errors,
    touch,
    getInputProps,
    isValid,
    isDirty: !sameValues(values, initial),
    initialValues: initial,
    reset,
    onSubmit,
  };
}

export type SchemaForm<V extends FormValues, Out> = ReturnType<typeof useSchemaForm<V, Out>>;
