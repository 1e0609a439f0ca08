import sharp from 'sharp';

/** The plain colour names auto-tags use (each is also a tag name). */
export const COLOUR_NAMES = [
  'Black',
  'White',
  'Grey',
  'Red',
  'Orange',
  'Yellow',
  'Green',
  'Teal',
  'Blue',
  'Purple',
  'Pink',
  'Brown',
  'Beige',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/**
 * Anchor colours (sRGB hex) per name. Several anchors per name because one point per name
 * misplaces common shades: navy would fall to Black and sky blue to Grey with a single
 * pure blue, olive to Brown with a single pure green.
 */
const ANCHORS: Record<ColourName, string[]> = {
  Black: ['000000', '1c1c1c'],
  White: ['ffffff', 'f2f2f2'],
  Grey: ['808080', 'a9a9a9', 'c8c8c8', '555555', '3a3a3a'],
  Red: ['ff0000', 'd32f2f', 'b71c1c', '8b0000', 'e53935'],
  Orange: ['ff8c00', 'f97316', 'ffa500', 'e65100'],
  Yellow: ['ffff00', 'ffd700', 'facc15', 'fff176'],
  Green: ['00ff00', '228b22', '22c55e', '006400', '556b2f', '9acd32', '90ee90'],
  Teal: ['008080', '14b8a6', '40e0d0', '00ffff', '0f766e'],
  Blue: ['0000ff', '1e3a8a', '3b82f6', '87ceeb', '2878c8', '4169e1', '000080'],
  Purple: ['800080', '7c3aed', '9370db', '4b0082', 'c084fc'],
  Pink: ['ff69b4', 'ffc0cb', 'ec4899', 'ff00ff', 'f9a8d4'],
  Brown: ['8b4513', 'a0522d', '5c4033', '6f4e37', 'd2691e'],
  Beige: ['f5f5dc', 'd2b48c', 'e8d8b8', 'f5deb3'],
};

/** Side of the square the image is reduced to before counting: 4,096 pixels is plenty. */
const SAMPLE_SIZE = 64;
/** A name is dominant when at least this share of the (opaque) pixels is nearest to it. */
export const MIN_COLOUR_SHARE = 0.15;
const MAX_COLOURS = 2;

export interface ColourShare {
  name: ColourName;
  /** Share of the counted pixels, 0–1. */
  share: number;
}

type Lab = readonly [number, number, number];

const PALETTE: { name: ColourName; lab: Lab }[] = COLOUR_NAMES.flatMap((name) =>
  ANCHORS[name].map((hex) => ({
    name,
    lab: rgbToLab(
      Number.parseInt(hex.slice(0, 2), 16),
      Number.parseInt(hex.slice(2, 4), 16),
      Number.parseInt(hex.slice(4, 6), 16),
    ),
  })),
);

/**
 * Every palette name with its share of the image's pixels, largest first. The image is
 * reduced to 64 × 64 (area average), and each pixel is given the name of its nearest anchor
 * by ΔE76 in CIE Lab; pixels under half opacity are not counted.
 *
 * Counting named pixels rather than taking sharp's `stats().dominant`: that is one bin of a
 * 16-level-per-channel RGB histogram, so a gradient or a photo spreads one visible colour
 * over many bins and the "dominant" bin can be a small minority; it also gives a single
 * colour and no share to judge it by.
 */
export async function colourShares(input: string | Buffer): Promise<ColourShare[]> {
  const { data, info } = await sharp(input, { failOn: 'error', animated: false })
    .rotate()
    .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'inside' })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const counts = new Map<ColourName, number>();
  const cache = new Map<number, ColourName>();
  let total = 0;
  for (let i = 0; i + 3 < data.length; i += info.channels) {
    if (data[i + 3]! < 128) continue;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const key = (r << 16) | (g << 8) | b;
    let name = cache.get(key);
    if (!name) {
      name = nearestName(rgbToLab(r, g, b));
      cache.set(key, name);
    }
    counts.set(name, (counts.get(name) ?? 0) + 1);
    total++;
  }
  if (total === 0) return [];
  return [...counts]
    .map(([name, count]) => ({ name, share: count / total }))
    .sort((a, b) => b.share - a.share);
}

/**
 * The image's dominant colour names: at most two, each covering at least 15 % of its pixels,
 * largest first. A busy image where no name reaches that gets none.
 */
export async function dominantColours(input: string | Buffer): Promise<ColourName[]> {
  const shares = await colourShares(input);
  return shares
    .filter((s) => s.share >= MIN_COLOUR_SHARE)
    .slice(0, MAX_COLOURS)
    .map((s) => s.name);
}

/** The palette name nearest to an sRGB colour (ΔE76). */
export function colourName(r: number, g: number, b: number): ColourName {
  return nearestName(rgbToLab(r, g, b));
}

function nearestName(lab: Lab): ColourName {
  let best: ColourName = 'Grey';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const anchor of PALETTE) {
    const dL = lab[0] - anchor.lab[0];
    const da = lab[1] - anchor.lab[1];
    const db = lab[2] - anchor.lab[2];
    // Squared ΔE76 orders the same as ΔE76.
    const distance = dL * dL + da * da + db * db;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = anchor.name;
    }
  }
  return best;
}

/** sRGB (0–255) → CIE Lab, D65 white. */
function rgbToLab(r: number, g: number, b: number): Lab {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((t * 24389) / 27 + 16) / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}
