import { AGENT_API, routeOf, type ResponseOf } from '@platform/contracts';
import { translateLanguages } from '../domain/translate';
import type { AgentRouteSpec } from './params';

export function translateRoutes(): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.listTranslateLanguages),
      summary: 'Languages the AI translation can target: {success, languages: [{language, name}]} (ISO 639-1)',
      access: 'public',
      success: { status: 200, description: '{success, languages}' },
      handler: async (_req, res) => {
        res.set('Cache-Control', 'public, max-age=86400');
        res.json({ success: true, languages: translateLanguages() } satisfies ResponseOf<typeof AGENT_API.listTranslateLanguages>);
      },
    },
  ];
}
