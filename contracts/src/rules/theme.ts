import { AGENT_THEMES, CUSTOM_THEME_TYPES, PALETTE_LIGHTNESS_STEPS } from '../constants/agent';

/*
 * Theme rules shared by the theme editor (frontend) and the agent service, as pure
 * functions so both use one copy (spec: "Colour palette: the primary plus 10 shades;
 * lightness steps 95 then 90 down to 10, and the reverse for dark mode" and "non-agency
 * users with a custom palette get theme custom-light or custom-dark; otherwise blue-light").
 */

export type CustomThemeType = (typeof CUSTOM_THEME_TYPES)[number];
export type AgentTheme = (typeof AGENT_THEMES)[number];
/** [hue 0-360, saturation 0-100, lightness 0-100] */
export type HslTriple = [number, number, number];

const HEX = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** '#abc', 'abc', '#AABBCC' → '#aabbcc'; undefined when it is not a 3- or 6-digit hex colour. */
export function normalizeHexColor(value: string): string | undefined {
  const match = HEX.exec(value.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return `#${digits.toLowerCase()}`;
}

/** A hex colour as an HSL triple (hue in degrees, saturation and lightness in percent, rounded). */
export function hexToHsl(hex: string): HslTriple {
  const normalized = normalizeHexColor(hex);
  if (!normalized) throw new RangeError(`not a hex colour: ${hex}`);
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(normalized.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  let hue = 0;
  let saturation = 0;
  if (delta !== 0) {
    saturation = delta / (1 - Math.abs(2 * lightness - 1));
    if (max === r) hue = ((g - b) / delta) % 6;
    else if (max === g) hue = (b - r) / delta + 2;
    else hue = (r - g) / delta + 4;
    hue *= 60;
    if (hue < 0) hue += 360;
  }
  return [Math.round(hue) % 360, Math.round(saturation * 100), Math.round(lightness * 100)];
}

/** An HSL triple as '#rrggbb'. */
export function hslToHex([hue, saturation, lightness]: HslTriple): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r1, g1, b1] = h < 1 ? [chroma, x, 0] : h < 2 ? [x, chroma, 0] : h < 3 ? [0, chroma, x] : h < 4 ? [0, x, chroma] : h < 5 ? [x, 0, chroma] : [chroma, 0, x];
  const m = l - chroma / 2;
  return `#${[r1, g1, b1].map((c) => Math.round((c + m) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** CSS text of a triple: 'hsl(210 80% 95%)'. */
export const hslToCss = ([h, s, l]: HslTriple) => `hsl(${h} ${s}% ${l}%)`;

/** The lightness of each shade: 95, 90, 80 … 10 for light, 10 … 90, 95 for dark. */
export function paletteLightnessSteps(themeType: CustomThemeType = 'light'): number[] {
  const steps = [...PALETTE_LIGHTNESS_STEPS];
  return themeType === 'dark' ? steps.reverse() : steps;
}

/** The 10 shades of a primary colour: its hue and saturation at each lightness step. */
export function paletteShades(primaryHex: string, themeType: CustomThemeType = 'light'): HslTriple[] {
  const [hue, saturation] = hexToHsl(primaryHex);
  return paletteLightnessSteps(themeType).map((lightness): HslTriple => [hue, saturation, lightness]);
}

export interface ThemePalette {
  themeType: CustomThemeType;
  /** normalized '#rrggbb' */
  primary: string;
  /** the 10 shades, stored as the theme record's nineColorPallet */
  nineColorPallet: HslTriple[];
}

/** The primary plus 10 shades: what the theme editor shows and a custom theme record stores. */
export function themePalette(primaryHex: string, themeType: CustomThemeType = 'light'): ThemePalette {
  const primary = normalizeHexColor(primaryHex);
  if (!primary) throw new RangeError(`not a hex colour: ${primaryHex}`);
  return { themeType, primary, nineColorPallet: paletteShades(primary, themeType) };
}

/** What the agent-theme rule needs to know about a custom theme. */
export interface CustomThemeLike {
  themeType?: string;
  nineColorPallet?: unknown[] | null;
}

export const hasCustomPalette = (theme: CustomThemeLike | null | undefined): boolean =>
  Array.isArray(theme?.nineColorPallet) && theme!.nineColorPallet!.length > 0;

/**
 * The agent's theme: non-agency users with a custom palette get custom-light or
 * custom-dark (by the theme's type); everyone else blue-light.
 */
export function agentThemeFor(input: { isAgencyUser: boolean; customTheme?: CustomThemeLike | null }): AgentTheme {
  if (input.isAgencyUser || !hasCustomPalette(input.customTheme)) return 'blue-light';
  return input.customTheme!.themeType === 'dark' ? 'custom-dark' : 'custom-light';
}

/** An agent's customThemeJSONString as a theme, or null when absent or not a JSON object. */
export function parseCustomThemeJson(json: string | null | undefined): CustomThemeLike & { primary?: string } | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as CustomThemeLike & { primary?: string }) : null;
  } catch {
    return null;
  }
}
