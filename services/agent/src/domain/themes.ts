import { themePalette, type CustomTheme, type CustomThemeType, type HslTriple } from '@platform/contracts';

/*
 * Custom colour themes (spec: ownerID, themeType, primary, nineColorPallet). The owner is
 * the caller's own workspace: a user's Personal workspace (its uid is their user id), or the
 * workspace of the secret used. The palette rule itself is shared with the frontend: contracts/src/rules/theme.ts.
 */

export interface CustomThemeRecord {
  ID: string;
  ownerID: string;
  themeType: CustomThemeType;
  /** '#rrggbb' */
  primary: string;
  /** the 10 shades (HSL triples) of the primary */
  nineColorPallet: HslTriple[];
  /** unix seconds */
  createdAt: number;
  lastModified: number;
}

/** Not in the spec: a bound on one owner's saved themes. */
export const MAX_THEMES_PER_OWNER = 200;
export const THEME_MESSAGES = {
  ownerMismatch: 'You can only save themes for yourself.',
  tooMany: `You can save at most ${MAX_THEMES_PER_OWNER} custom themes.`,
} as const;

/**
 * A new theme record: the primary and its palette (computed by the shared rule when the
 * editor did not send one), owned by `ownerID`.
 */
export function newCustomThemeRecord(
  input: CustomTheme & { primary: string },
  ownerID: string,
  id: string,
  now: Date,
): { ok: true; theme: CustomThemeRecord } | { ok: false; problem: 'ownerMismatch' } {
  if (input.ownerID !== undefined && input.ownerID !== ownerID) return { ok: false, problem: 'ownerMismatch' };
  const themeType: CustomThemeType = input.themeType ?? 'light';
  const palette = themePalette(input.primary, themeType);
  const seconds = Math.floor(now.getTime() / 1000);
  const theme: CustomThemeRecord = {
    ID: id,
    ownerID,
    themeType,
    primary: palette.primary,
    nineColorPallet: input.nineColorPallet?.length ? (input.nineColorPallet as HslTriple[]) : palette.nineColorPallet,
    createdAt: seconds,
    lastModified: seconds,
  };
  return { ok: true, theme };
}
