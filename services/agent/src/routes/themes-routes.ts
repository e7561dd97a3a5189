import Joi from 'joi';
import { customThemeSchema, hexColor, type CustomTheme, AGENT_API, routeOf, type ResponseOf } from '@platform/contracts';
import { conflict, forbidden } from '@platform/kit';
import { THEME_MESSAGES } from '../domain/themes';
import type { ThemeUseCases } from '../usecases/themes';
import type { AgentRouteSpec } from './params';

/** A new custom theme needs its primary colour; the palette is computed when missing. */
const createThemeBody = (customThemeSchema as Joi.ObjectSchema).keys({ primary: hexColor().required() });

export function themesRoutes(themes: ThemeUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.listCustomThemes),
      summary: "The caller's custom colour themes (owner: the caller's own workspace, a person's Personal one), newest first",
      access: 'member',
      workspace: () => ({ callersOwn: true }),
      success: { status: 200, description: '{success, data: [theme]}' },
      failures: [401, 403],
      handler: async (req, res, owner) => {
        res.json({ success: true, data: await themes.list(req.region, owner.workspaceId) } satisfies ResponseOf<typeof AGENT_API.listCustomThemes>);
      },
    },
    {
      ...routeOf(AGENT_API.createCustomTheme),
      summary: 'Saves a custom theme {themeType, primary, nineColorPallet?}; the palette is the primary plus 10 shades when not sent',
      access: 'member',
      schemas: { body: createThemeBody },
      workspace: () => ({ callersOwn: true }),
      success: { status: 201, description: '{success, data: theme}' },
      failures: [400, 401, 403, 409],
      handler: async (req, res, owner) => {
        const result = await themes.create(req.region, owner.workspaceId, req.body as CustomTheme & { primary: string });
        if (!result.ok) throw result.problem === 'tooMany' ? conflict(THEME_MESSAGES.tooMany) : forbidden(THEME_MESSAGES.ownerMismatch);
        res.status(201).json({ success: true, data: result.theme } satisfies ResponseOf<typeof AGENT_API.createCustomTheme>);
      },
    },
  ];
}
