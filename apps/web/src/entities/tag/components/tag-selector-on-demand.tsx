import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TagSelectorProps } from './tag-selector';

const LazyTagSelector = lazy(async () => ({ default: (await import('./tag-selector')).TagSelector }));

/**
 * The tag selector, loaded when first shown: it and the UI kit's tags input are used only by
 * code that is itself loaded on demand (the player, the tags dialog), and importing it
 * through this one door keeps it out of the chunks those share with the first load.
 */
export function TagSelector(props: TagSelectorProps) {
  return (
    <Suspense fallback={<Skeleton height={props.label ? 58 : 36} radius="sm" />}>
      <LazyTagSelector {...props} />
    </Suspense>
  );
}
