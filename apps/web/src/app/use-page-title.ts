import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useBrandVariant } from '@/config/brand-variant';
import type { RouteHandle } from '@/lib/navigation';

/** The title of the deepest matched route that declares one (route `handle.title`). */
export function usePageTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}

/** Keeps the document title as '<page> · <brand>'. */
export function useDocumentTitle(): void {
  const title = usePageTitle();
  const brand = useBrandVariant();
  useEffect(() => {
    document.title = title ? `${title} · ${brand.name}` : brand.name;
  }, [title, brand.name]);
}
