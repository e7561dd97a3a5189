import Joi from 'joi';
import { customThemeSchema, hexColor, newDocumentId, type CustomTheme } from '@platform/contracts';
import { conflict } from '@platform/kit';
import { MAX_THEMES_PER_OWNER, THEME_MESSAGES, newCustomThemeRecord, themeOwnerOf } from '../domain/themes';
import type { ThemeStore } from '../store/themes';
import type { MediaRouteSpec } from './media-routes';

export interface ThemesRouteDeps {
  themes: ThemeStore;
  now: () => Date;
}

/** A new custom theme needs its primary colour; the palette is computed when missing. */
const createThemeBody = (customThemeSchema as Joi.ObjectSchema).keys({ primary: hexColor().required() });

export function themesRoutes(deps: ThemesRouteDeps): MediaRouteSpec[] {
  return [
    {
      operationId: 'listCustomThemes',
      method: 'get',
      path: '/v2/themes',
      summary: "The caller's custom colour themes (owner: the user, workspace or agency calling), newest first",
      access: 'member',
      success: { status: 200, description: '{success, data: [theme]}' },
      failures: [401, 403],
      handler: async (req, res) => {
        const ownerID = themeOwnerOf(req.identity);
        res.json({ success: true, data: await deps.themes.listForOwner(req.region, ownerID, MAX_THEMES_PER_OWNER) });
      },
    },
    {
      operationId: 'createCustomTheme',
      method: 'post',
      path: '/v2/themes',
      summary: 'Saves a custom theme {themeType, primary, nineColorPallet?}; the palette is the primary plus 10 shades when not sent',
      access: 'member',
      schemas: { body: createThemeBody },
      success: { status: 201, description: '{success, data: theme}' },
      failures: [400, 401, 403, 409],
      handler: async (req, res) => {
        const ownerID = themeOwnerOf(req.identity);
        const record = newCustomThemeRecord(req.body as CustomTheme & { primary: string }, ownerID, newDocumentId(), deps.now());
        if ((await deps.themes.countForOwner(req.region, ownerID)) >= MAX_THEMES_PER_OWNER) throw conflict(THEME_MESSAGES.tooMany);
        await deps.themes.insert(req.region, record);
        res.status(201).json({ success: true, data: record });
      },
    },
  ];
}
