import { AUTH_MESSAGES, themePalette, type CustomTheme, type CustomThemeType, type HslTriple } from '@platform/contracts';
import { forbidden, unauthorized, type Identity } from '@platform/kit';

/*
 * Custom colour themes (spec: ownerID, themeType, primary, nineColorPallet). The owner is
 * whoever calls: a user (their own workspace has their id), a workspace (its secret), or an
 * agency. The palette rule itself is shared with the frontend: contracts/src/rules/theme.ts.
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

/** Whose themes the caller reads and writes. */
export function themeOwnerOf(identity: Identity): string {
  switch (identity.kind) {
    case 'user':
      return identity.userId;
    case 'workspace':
      return identity.workspaceId;
    case 'agency':
      return identity.agencyId;
    case 'anonymous':
      throw unauthorized(AUTH_MESSAGES.signInRequired);
    default:
      throw forbidden();
  }
}

/**
 * A new theme record: the primary and its palette (computed by the shared rule when the
 * editor did not send one), owned by `ownerID`.
 */
export function newCustomThemeRecord(input: CustomTheme & { primary: string }, ownerID: string, id: string, now: Date): CustomThemeRecord {
  if (input.ownerID !== undefined && input.ownerID !== ownerID) throw forbidden(THEME_MESSAGES.ownerMismatch);
  const themeType: CustomThemeType = input.themeType ?? 'light';
  const palette = themePalette(input.primary, themeType);
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    ID: id,
    ownerID,
    themeType,
    primary: palette.primary,
    nineColorPallet: input.nineColorPallet?.length ? (input.nineColorPallet as HslTriple[]) : palette.nineColorPallet,
    createdAt: seconds,
    lastModified: seconds,
  };
}
