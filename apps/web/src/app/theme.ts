import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, rem } from '@mantine/core';
import { appTexts } from '@/config/texts/app';

/**
 * The one theme (ui.md "Visual language"): light, neutral greys, one accent colour from the
 * brand variant, the system font stack, 14 px body text, an 8 px spacing grid.
 */
const neutral: MantineColorsTuple = [
  '#fafafa',
  '#f4f4f5',
  '#e4e4e7',
  '#d4d4d8',
  '#a1a1aa',
  '#71717a',
  '#52525b',
  '#3f3f46',
  '#27272a',
  '#18181b',
];

const systemFont =
  '-apple-system, BlinkMacSystemFont, "Segoe UI Variable Text", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export function createAppTheme(accentColor: string) {
  return createTheme({
    primaryColor: accentColor,
    primaryShade: 6,
    colors: { gray: neutral },
    black: neutral[9],
    fontFamily: systemFont,
    fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, monospace',
    fontSizes: { xs: rem(12), sm: rem(13), md: rem(14), lg: rem(16), xl: rem(18) },
    lineHeights: { xs: '1.4', sm: '1.45', md: '1.5', lg: '1.55', xl: '1.6' },
    spacing: { xs: rem(8), sm: rem(12), md: rem(16), lg: rem(24), xl: rem(32) },
    radius: { xs: rem(4), sm: rem(6), md: rem(8), lg: rem(12), xl: rem(16) },
    defaultRadius: 'md',
    cursorType: 'pointer',
    focusRing: 'auto',
    headings: {
      fontFamily: systemFont,
      fontWeight: '600',
      sizes: {
        h1: { fontSize: rem(22), lineHeight: '1.3' },
        h2: { fontSize: rem(18), lineHeight: '1.35' },
        h3: { fontSize: rem(16), lineHeight: '1.4' },
        h4: { fontSize: rem(14), lineHeight: '1.45' },
      },
    },
    shadows: {
      xs: '0 1px 2px rgba(24, 24, 27, 0.05)',
      sm: '0 1px 3px rgba(24, 24, 27, 0.08), 0 1px 2px rgba(24, 24, 27, 0.04)',
      md: '0 4px 12px rgba(24, 24, 27, 0.08), 0 2px 4px rgba(24, 24, 27, 0.04)',
    },
    components: {
      Button: { defaultProps: { size: 'sm' } },
      TextInput: { defaultProps: { size: 'sm' } },
      Modal: {
        defaultProps: {
          centered: true,
          radius: 'lg',
          overlayProps: { backgroundOpacity: 0.35, blur: 2 },
          // Mantine's close button is an icon without a name.
          closeButtonProps: { 'aria-label': appTexts.common.close },
        },
      },
      // The initial-focus placeholder (a focusable role=presentation div) breaks the menu role's
      // required children (axe); without it the focus trap focuses the first item, as ARIA's menu pattern does.
      Menu: { defaultProps: { shadow: 'md', radius: 'md', withInitialFocusPlaceholder: false } },
      Tooltip: { defaultProps: { openDelay: 400, withArrow: true } },
      Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
      Notification: {
        defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': appTexts.common.close } },
      },
    },
  });
}

/** Quiet page background behind white cards and the white sidebar. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--app-surface': '#ffffff',
    '--app-background': '#fbfbfb',
    '--app-border': neutral[2],
    // Field errors in a red that reads on white (Mantine's default red is 3.3:1, under WCAG's 4.5:1).
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--app-surface': 'var(--mantine-color-dark-7)',
    '--app-background': 'var(--mantine-color-dark-8)',
    '--app-border': 'var(--mantine-color-dark-4)',
  },
});
