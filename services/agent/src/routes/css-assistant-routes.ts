import { MESSAGES, aiCssRequestSchema, type AiCssRequest, AGENT_API, routeOf, type ResponseOf } from '@platform/contracts';
import { principalOf } from '@platform/kit';
import type { LlmErrorKind } from '../clients/llm-client';
import type { CssAssistantUseCases } from '../usecases/css-assistant';
import type { AgentRouteSpec } from './params';

/** HTTP status of each failure; the body always carries the spec's one message. */
const FAILURE_STATUS: Record<LlmErrorKind, number> = {
  not_configured: 503,
  timeout: 504,
  network: 502,
  unauthorized: 502,
  rate_limited: 503,
  rejected: 502,
  upstream: 502,
  bad_response: 502,
};

export function cssAssistantRoutes(assistant: CssAssistantUseCases): AgentRouteSpec[] {
  return [
    {
      ...routeOf(AGENT_API.generateCss),
      summary:
        "AI style assistant: answers {success, response, css, sandbox}; css is the CSS found in the answer or null. Failure: {success:false, error:'Failed to generate CSS. Please try again.'}",
      access: 'agent',
      schemas: { body: aiCssRequestSchema },
      agent: (req) => ({ agentId: (req.body as AiCssRequest).agentID }),
      success: { status: 200, description: '{success: true, response, css, sandbox, model}' },
      failures: [400, 401, 403, 404, 502, 503, 504],
      handler: async (req, res) => {
        const result = await assistant.generate(req.body as AiCssRequest, principalOf(req.identity)!);
        if (result.ok) {
          res.json({ success: true, ...result.answer } satisfies ResponseOf<typeof AGENT_API.generateCss>);
          return;
        }
        const message = MESSAGES.cssAssistant.generationFailed;
        res.status(FAILURE_STATUS[result.failure]).json({ success: false, error: message, message });
      },
    },
  ];
}
