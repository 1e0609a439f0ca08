import type { BrandVariantName } from '@hookline/contract';

/**
 * The logo mark of each brand variant as plain SVG data (24×24 view box), shared by the
 * React logo and the favicon the build writes into index.html.
 */
export interface BrandMark {
  /** White strokes drawn over the accent tile. */
  strokes: readonly string[];
  /** White filled shapes drawn over the accent tile. */
  fills: readonly string[];
}

export const brandMarks: Record<BrandVariantName, BrandMark> = {
  // A fish hook: a stem curving into a J with a barb.
  hookline: {
    strokes: ['M10 5v8.5a3.5 3.5 0 0 0 7 0V11', 'M17 11l-2.25 2.25'],
    fills: [],
  },
  // A library grid: three tiles and an open slot.
  corporate: {
    strokes: ['M13.75 13.75h3.5v3.5h-3.5z'],
    fills: ['M6.5 6.5h4.25v4.25H6.5z', 'M13.25 6.5h4.25v4.25h-4.25z', 'M6.5 13.25h4.25v4.25H6.5z'],
  },
};

/** The mark as a standalone SVG document (used for the favicon). */
export function brandMarkSvg(mark: BrandMark, accentHex: string): string {
  const strokes = mark.strokes
    .map(
      (d) =>
        `<path d="${d}" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`,
    )
    .join('');
  const fills = mark.fills.map((d) => `<path d="${d}" fill="#fff"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="6" fill="${accentHex}"/>${strokes}${fills}</svg>`;
}
