import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { image } from '../../../test/media-fixtures.js';
import { colourName, colourShares, dominantColours } from './dominant-colours.js';

const solid = (r: number, g: number, b: number, width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

describe('colour names', () => {
  it('maps common shades to their plain name (nearest anchor by ΔE76)', () => {
    const cases: [number, number, number, string][] = [
      [0, 0, 0, 'Black'],
      [255, 255, 255, 'White'],
      [128, 128, 128, 'Grey'],
      [220, 30, 30, 'Red'],
      [255, 140, 0, 'Orange'],
      [250, 220, 40, 'Yellow'],
      [40, 160, 60, 'Green'],
      [128, 128, 0, 'Green'], // olive
      [0, 128, 128, 'Teal'],
      [40, 120, 200, 'Blue'],
      [20, 30, 110, 'Blue'], // navy, not Black
      [135, 206, 235, 'Blue'], // sky, not Grey
      [128, 0, 128, 'Purple'],
      [255, 105, 180, 'Pink'],
      [139, 69, 19, 'Brown'],
      [245, 245, 220, 'Beige'],
    ];
    for (const [r, g, b, name] of cases) expect([r, g, b, colourName(r, g, b)]).toEqual([r, g, b, name]);
  });
});

describe('dominantColours', () => {
  it('names a solid picture by its colour', async () => {
    expect(await dominantColours(await solid(220, 30, 30))).toEqual(['Red']);
    expect(await dominantColours(await solid(255, 255, 255))).toEqual(['White']);
    expect(await dominantColours(await solid(40, 160, 60, 64, 900))).toEqual(['Green']);
  });

  it('gives two names, largest first, when a second colour covers enough of the picture', async () => {
    // The test fixture: a blue picture with an orange disc of a third of its short side.
    expect(await dominantColours(await image(1600, 900, 'jpeg'))).toEqual(['Blue', 'Orange']);
    const half = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .composite([{ input: await solid(0, 0, 0, 200, 400), left: 0, top: 0 }])
      .png()
      .toBuffer();
    expect(await dominantColours(half)).toEqual(['White', 'Black']);
  });

  it('leaves out colours under 15 % and gives none for a picture with no dominant colour', async () => {
    const smallSpot = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .composite([{ input: await solid(220, 30, 30, 100, 100), left: 0, top: 0 }])
      .png()
      .toBuffer();
    expect(await dominantColours(smallSpot)).toEqual(['Blue']);

    // Eight equal stripes: no name reaches 15 %.
    const stripes = ['#000', '#fff', '#d32f2f', '#ffd700', '#228b22', '#0000ff', '#800080', '#ff69b4']
      .map((fill, i) => `<rect x="${i * 100}" width="100" height="200" fill="${fill}"/>`)
      .join('');
    const rainbow = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="200">${stripes}</svg>`),
    )
      .png()
      .toBuffer();
    const shares = await colourShares(rainbow);
    expect(shares).toHaveLength(8);
    expect(await dominantColours(rainbow)).toEqual([]);
  });

  it('counts a gradient as one colour, where sharp stats().dominant picks a smaller flat area', async () => {
    // 60 % a navy-to-sky gradient, 40 % flat grey.
    const picture = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="400"><defs><linearGradient id="g"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#60a5fa"/></linearGradient></defs><rect width="600" height="400" fill="url(#g)"/><rect x="600" width="400" height="400" fill="#9a9a9a"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const { dominant } = await sharp(picture).stats();
    expect(colourName(dominant.r, dominant.g, dominant.b)).toBe('Grey');
    expect(await dominantColours(picture)).toEqual(['Blue', 'Grey']);
  });

  it('ignores transparent pixels', async () => {
    const logo = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await solid(255, 140, 0, 60, 60), left: 120, top: 120 }])
      .png()
      .toBuffer();
    expect(await dominantColours(logo)).toEqual(['Orange']);
  });
});
