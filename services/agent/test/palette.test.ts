import {
  PALETTE_LIGHTNESS_STEPS,
  agentThemeFor,
  customThemeSchema,
  hexToHsl,
  hslToCss,
  hslToHex,
  normalizeHexColor,
  paletteLightnessSteps,
  paletteShades,
  parseCustomThemeJson,
  themePalette,
} from '@platform/contracts';
import { newCustomThemeRecord } from '../src/domain/themes';

describe('palette rule (contracts/src/rules/theme.ts)', () => {
  it('normalizes hex colours', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc');
    expect(normalizeHexColor('2563EB')).toBe('#2563eb');
    expect(normalizeHexColor('#12345')).toBeUndefined();
    expect(normalizeHexColor('blue')).toBeUndefined();
  });

  it('converts between hex and HSL', () => {
    expect(hexToHsl('#ff0000')).toEqual([0, 100, 50]);
    expect(hexToHsl('#00ff00')).toEqual([120, 100, 50]);
    expect(hexToHsl('#0000ff')).toEqual([240, 100, 50]);
    expect(hexToHsl('#ffffff')).toEqual([0, 0, 100]);
    expect(hexToHsl('#000')).toEqual([0, 0, 0]);
    expect(hexToHsl('#2563eb')).toEqual([221, 83, 53]);
    expect(hslToHex([0, 100, 50])).toBe('#ff0000');
    expect(hslToHex([240, 100, 50])).toBe('#0000ff');
    expect(hslToHex([0, 0, 100])).toBe('#ffffff');
    expect(hslToCss([221, 83, 95])).toBe('hsl(221 83% 95%)');
    expect(() => hexToHsl('nope')).toThrow(RangeError);
  });

  it('steps lightness 95, then 90 down to 10 for light, and the reverse for dark', () => {
    expect(paletteLightnessSteps('light')).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
    expect(paletteLightnessSteps('dark')).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
    expect(paletteLightnessSteps()).toEqual([...PALETTE_LIGHTNESS_STEPS]);
    expect(PALETTE_LIGHTNESS_STEPS).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
  });

  it('makes the primary plus 10 shades of its hue and saturation', () => {
    const light = themePalette('#2563EB');
    expect(light.primary).toBe('#2563eb');
    expect(light.themeType).toBe('light');
    expect(light.nineColorPallet).toHaveLength(10);
    expect(light.nineColorPallet[0]).toEqual([221, 83, 95]);
    expect(light.nineColorPallet[9]).toEqual([221, 83, 10]);
    const dark = themePalette('#2563eb', 'dark');
    expect(dark.nineColorPallet).toEqual([...light.nineColorPallet].reverse());
    expect(paletteShades('#ff0000').map(([, , l]) => l)).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
    // a palette is a valid nineColorPallet of the custom theme schema
    expect(customThemeSchema.validate({ themeType: 'dark', primary: dark.primary, nineColorPallet: dark.nineColorPallet }).error).toBeUndefined();
  });

  it('gives non-agency users with a palette custom-light or custom-dark, everyone else blue-light', () => {
    const palette = themePalette('#2563eb').nineColorPallet;
    expect(agentThemeFor({ isAgencyUser: false, customTheme: { themeType: 'light', nineColorPallet: palette } })).toBe('custom-light');
    expect(agentThemeFor({ isAgencyUser: false, customTheme: { themeType: 'dark', nineColorPallet: palette } })).toBe('custom-dark');
    expect(agentThemeFor({ isAgencyUser: false, customTheme: { nineColorPallet: palette } })).toBe('custom-light');
    expect(agentThemeFor({ isAgencyUser: true, customTheme: { themeType: 'dark', nineColorPallet: palette } })).toBe('blue-light');
    expect(agentThemeFor({ isAgencyUser: false, customTheme: { themeType: 'dark', nineColorPallet: [] } })).toBe('blue-light');
    expect(agentThemeFor({ isAgencyUser: false, customTheme: null })).toBe('blue-light');
    expect(agentThemeFor({ isAgencyUser: false })).toBe('blue-light');
  });

  it("reads an agent's customThemeJSONString", () => {
    expect(parseCustomThemeJson('{"themeType":"dark","nineColorPallet":[[1,2,3]]}')).toEqual({ themeType: 'dark', nineColorPallet: [[1, 2, 3]] });
    expect(parseCustomThemeJson('not json')).toBeNull();
    expect(parseCustomThemeJson('[1]')).toBeNull();
    expect(parseCustomThemeJson(undefined)).toBeNull();
  });
});

describe('theme records (services/agent/src/domain/themes.ts)', () => {
  const now = new Date('2025-01-02T03:04:05Z');

  it('computes the palette when the editor sends only the primary', () => {
    const record = newCustomThemeRecord({ primary: '#2563EB', themeType: 'dark' }, 'owner1', 'theme1', now);
    expect(record).toEqual({ ok: true, theme: {
      ID: 'theme1',
      ownerID: 'owner1',
      themeType: 'dark',
      primary: '#2563eb',
      nineColorPallet: themePalette('#2563eb', 'dark').nineColorPallet,
      createdAt: 1735787045,
      lastModified: 1735787045,
    } });
  });

  it("keeps the editor's palette and refuses another owner", () => {
    const pallet: [number, number, number][] = Array.from({ length: 9 }, (_, i) => [10, 20, i * 10]);
    expect(newCustomThemeRecord({ primary: '#000', nineColorPallet: pallet }, 'o', 't', now)).toMatchObject({ ok: true, theme: { themeType: 'light', primary: '#000000', nineColorPallet: pallet } });
    // a domain result, not an HTTP error: the route answers 403 'You can only save themes for yourself.'
    expect(newCustomThemeRecord({ primary: '#000', ownerID: 'someone-else' }, 'o', 't', now)).toEqual({ ok: false, problem: 'ownerMismatch' });
  });
});
