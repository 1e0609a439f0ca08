import type { CreativeClipType } from '@hookline/contract';
import type { MantineColor } from '@mantine/core';
import { paths, queryParams } from '@/config/paths';
import { buildLink } from '@/lib/link-builder';
import type { ClipFilters } from './api/creative-clips';

/** One colour per creative-clip type: the sidebar's dots and the cards' type chips. */
export const clipTypeColors: Record<CreativeClipType, MantineColor> = {
  'Pain Point': 'red',
  Before: 'gray',
  After: 'teal',
  Solution: 'green',
  'Value Proposition': 'violet',
  Recommendation: 'cyan',
  CTA: 'blue',
  'Initial Objection': 'orange',
  Emotions: 'pink',
};

/** The player on one file of the grid, on a tab (the route's optional `:fileId/:tab`). */
export function clipFileHref(fileId: string, tab: string): string {
  return `${paths.creativeClips.getHref()}/${encodeURIComponent(fileId)}/${encodeURIComponent(tab)}`;
}

/** Milliseconds as m:ss (a clip's range under its card). */
export function formatClipTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** A clip's start as the player's `t` parameter: seconds, at most one decimal. */
export function clipStartSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/** The filters' query parameters (types and subtypes repeated; hook only when on). */
export function filterParams(filters: ClipFilters): Record<string, string | string[] | null> {
  return {
    [queryParams.types]: filters.types,
    [queryParams.subtypes]: filters.subtypes,
    [queryParams.hook]: filters.hook ? 'true' : null,
  };
}

/**
 * The sidebar's link to the clips of one type (and subtype), keeping the account and brand
 * (the filters first: `/creative-clips?types=CTA&accountId=…`).
 */
export function clipsLink(search: string, type: CreativeClipType, subtype?: string): string {
  const filter = new URLSearchParams({ [queryParams.types]: type });
  if (subtype) filter.set(queryParams.subtypes, subtype);
  return buildLink(
    `${paths.creativeClips.getHref()}?${filter}`,
    { isShared: null, shareToken: null },
    search,
  );
}
