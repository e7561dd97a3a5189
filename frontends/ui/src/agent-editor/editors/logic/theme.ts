import {
  agentThemeFor,
  hslToCss,
  hslToHex,
  parseCustomThemeJson,
  themePalette,
  type AgentTheme,
  type CustomTheme,
  type CustomThemeType,
  type HslTriple,
} from '@platform/contracts';

/*
 * Theme editor, the pure parts. The palette comes from the contracts' theme rule (the
 * primary plus 10 shades, lightness 95, 90, 80 … 10, reversed for dark mode); the editor's
 * value is the agent's customThemeJSONString.
 */

/** The primary shown before one is chosen. */
export const DEFAULT_PRIMARY = '#228be6';

const SIX_DIGITS = /^#?([0-9a-fA-F]{6})$/;

/** "Colour hex input is applied once it has 6 hex digits": the colour to apply, or undefined while typing. */
export function applyHexInput(text: string): string | undefined {
  const match = SIX_DIGITS.exec(text.trim());
  return match ? `#${match[1]!.toLowerCase()}` : undefined;
}

export interface ThemeValue {
  themeType: CustomThemeType;
  primary: string;
}

/** The editor's value (JSON text or object) as a primary and a theme type, with defaults. */
export function readTheme(value: string | CustomTheme | null | undefined): ThemeValue {
  const theme = typeof value === 'string' ? parseCustomThemeJson(value) : (value ?? null);
  const primary = typeof theme?.primary === 'string' ? applyHexInput(theme.primary) : undefined;
  return { themeType: theme?.themeType === 'dark' ? 'dark' : 'light', primary: primary ?? DEFAULT_PRIMARY };
}

/** The theme record for a primary and type: {themeType, primary, nineColorPallet} (the 10 shades). */
export function themeRecord(theme: ThemeValue, ownerID?: string): CustomTheme {
  const palette = themePalette(theme.primary, theme.themeType);
  return { ...(ownerID ? { ownerID } : {}), themeType: palette.themeType, primary: palette.primary, nineColorPallet: palette.nineColorPallet };
}

/** What the agent stores in customThemeJSONString. */
export const themeJson = (theme: ThemeValue, ownerID?: string): string => JSON.stringify(themeRecord(theme, ownerID));

export interface Swatch {
  lightness: number;
  hsl: HslTriple;
  css: string;
  hex: string;
}

/** The 10 palette colours to preview, in palette order. */
export function paletteSwatches(theme: ThemeValue): Swatch[] {
  return (themeRecord(theme).nineColorPallet ?? []).map((hsl) => ({ lightness: hsl[2], hsl, css: hslToCss(hsl), hex: hslToHex(hsl) }));
}

/** Black or white text on a swatch of this lightness. */
export const swatchTextColor = (lightness: number) => (lightness >= 55 ? '#1a1b1e' : '#ffffff');

/** The agent's theme name for this custom theme (spec 4.7: custom-light/-dark for non-agency users, else blue-light). */
export const agentThemeName = (theme: ThemeValue, isAgencyUser: boolean): AgentTheme =>
  agentThemeFor({ isAgencyUser, customTheme: themeRecord(theme) });
