import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichDescriptionEditorProps } from './rich-description-editor';

/** Lexical and the toolbar: their own chunk, fetched the first time a rich description shows. */
const Editor = lazy(() => import('./rich-description-editor'));

/** Starts fetching the editor's code early (a board page with the rich description flag on). */
export const preloadRichDescriptionEditor = () => void import('./rich-description-editor');

/**
 * The rich description editor, loaded on demand (the library page's first load never carries
 * Lexical). While its code loads: the editor's shape, or for readers a few lines.
 */
export function RichDescription(props: RichDescriptionEditorProps) {
  return (
    <Suspense fallback={<RichDescriptionSkeleton readOnly={props.readOnly} />}>
      <Editor {...props} />
    </Suspense>
  );
}

function RichDescriptionSkeleton({ readOnly }: { readOnly?: boolean | undefined }) {
  if (readOnly)
    return (
      <Stack gap={8} aria-busy data-testid="rich-description-loading">
        <Skeleton height={12} width="80%" />
        <Skeleton height={12} width="65%" />
      </Stack>
    );
  return <Skeleton height={200} radius="md" aria-busy data-testid="rich-description-loading" />;
}
