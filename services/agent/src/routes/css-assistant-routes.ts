import { createHash } from 'node:crypto';
import { MESSAGES, aiCssRequestSchema, extractCss, type AiCssRequest } from '@platform/contracts';
import type { Logger } from '@platform/kit';
import { buildCssChat } from '../domain/css-assistant';
import { LlmError, type ChatClient } from '../store/llm-client';
import { assertAgentAccess, requireCaller, type AgentAccessCheck, type MediaRouteSpec } from './media-routes';

export interface CssAssistantRouteDeps {
  chat: ChatClient;
  logger: Logger;
  canAccessAgent?: AgentAccessCheck;
}

/** HTTP status of each failure; the body always carries the spec's one message. */
const FAILURE_STATUS: Record<LlmError['kind'], number> = {
  not_configured: 503,
  timeout: 504,
  network: 502,
  unauthorized: 502,
  rate_limited: 503,
  rejected: 502,
  upstream: 502,
  bad_response: 502,
};

export function cssAssistantRoutes(deps: CssAssistantRouteDeps): MediaRouteSpec[] {
  return [
    {
      operationId: 'generateCss',
      method: 'post',
      path: '/ai-css-generator',
      summary:
        "AI style assistant: answers {success, response, css, sandbox}; css is the CSS found in the answer or null. Failure: {success:false, error:'Failed to generate CSS. Please try again.'}",
      access: 'agent',
      schemas: { body: aiCssRequestSchema },
      success: { status: 200, description: '{success: true, response, css, sandbox, model}' },
      failures: [400, 401, 403, 502, 503, 504],
      handler: async (req, res) => {
        const caller = requireCaller(req.identity);
        const body = req.body as AiCssRequest;
        if (body.agentID) await assertAgentAccess(req.identity, req.region, body.agentID, deps.canAccessAgent);
        try {
          const completion = await deps.chat.complete(buildCssChat(body), {
            // a stable pseudonym of the caller, for the provider's abuse monitoring
            user: createHash('sha256').update(`${caller.kind}:${caller.id}`).digest('hex').slice(0, 32),
          });
          res.json({
            success: true,
            response: completion.content,
            css: extractCss(completion.content),
            sandbox: completion.sandbox,
            model: completion.model,
          });
        } catch (err) {
          if (!(err instanceof LlmError)) throw err;
          req.log?.warn({ kind: err.kind, status: err.status, reason: err.message }, 'css generation failed');
          const message = MESSAGES.cssAssistant.generationFailed;
          res.status(FAILURE_STATUS[err.kind]).json({ success: false, error: message, message });
        }
      },
    },
  ];
}
