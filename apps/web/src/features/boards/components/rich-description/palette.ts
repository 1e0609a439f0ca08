/**
 * The rich description's colour palette (000 §9 "Editor": an 80-colour palette): 10 hues of
 * 8 shades each, lightest first, for text and background colour alike. Six-digit hex, as the
 * contract's rich-text schema accepts (`color` and `background-color` of `#rgb`/`#rrggbb`).
 * The shades are Mantine's default colours (0, 1, 2, 3, 5, 6, 7 and 9 of each), so a coloured
 * description sits well beside the UI; the grey row runs from white to black.
 */
export const paletteHues = [
  {
    hue: 'gray',
    shades: ['#ffffff', '#f1f3f5', '#dee2e6', '#adb5bd', '#868e96', '#495057', '#212529', '#000000'],
  },
  {
    hue: 'red',
    shades: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff6b6b', '#fa5252', '#f03e3e', '#c92a2a'],
  },
  {
    hue: 'orange',
    shades: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ff922b', '#fd7e14', '#f76707', '#d9480f'],
  },
  {
    hue: 'yellow',
    shades: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#fcc419', '#fab005', '#f59f00', '#e67700'],
  },
  {
    hue: 'green',
    shades: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#51cf66', '#40c057', '#37b24d', '#2b8a3e'],
  },
  {
    hue: 'teal',
    shades: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#20c997', '#12b886', '#0ca678', '#087f5b'],
  },
  {
    hue: 'cyan',
    shades: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#22b8cf', '#15aabf', '#1098ad', '#0b7285'],
  },
  {
    hue: 'blue',
    shades: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#339af0', '#228be6', '#1c7ed6', '#1864ab'],
  },
  {
    hue: 'violet',
    shades: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#845ef7', '#7950f2', '#7048e8', '#5f3dc4'],
  },
  {
    hue: 'pink',
    shades: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f06595', '#e64980', '#d6336c', '#a61e4d'],
  },
] as const;

export type PaletteHue = (typeof paletteHues)[number]['hue'];

/** Every colour of the palette, hue by hue (80). */
export const paletteColors: readonly string[] = paletteHues.flatMap((row) => row.shades);
