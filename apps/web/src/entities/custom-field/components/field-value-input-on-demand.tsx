import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FieldValueInputProps } from './field-value-input';

const LazyFieldValueInput = lazy(async () => ({
  default: (await import('./field-value-input')).FieldValueInput,
}));

/**
 * A custom field's input, loaded when first shown: only code that is itself loaded on demand
 * uses it (the player, the bulk and upload dialogs), and this one door keeps it and the UI
 * kit's number and multi select inputs out of the chunks those share with the first load.
 */
export function FieldValueInput(props: FieldValueInputProps) {
  return (
    <Suspense fallback={<Skeleton height={props.readOnly ? 40 : 58} radius="sm" />}>
      <LazyFieldValueInput {...props} />
    </Suspense>
  );
}
