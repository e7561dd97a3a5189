import { TOOL_MESSAGES, toolArguments, type Tool, type VoiceToolTestResponse } from '@platform/contracts';
import { badRequest, OutboundRequestFailed, SafeHttpClient } from '@platform/kit';
import { fieldPlacement, toolCallsMessage, TOOL_SECRET_HEADER } from '../domain/tool-call-message';

/** Longest tool answer shown in the Tools tab. */
const SHOWN_BODY_CHARS = 10_000;

/** The Tools tab's test: calls the tool server as a voice call would, through the SSRF-safe client. */
export class ToolTestUseCases {
  private readonly http: SafeHttpClient;

  constructor(options: { allowLoopback: boolean; timeoutMs: number; now?: () => number }) {
    this.http = new SafeHttpClient({ allowLoopback: options.allowLoopback, timeoutMs: options.timeoutMs, maxRedirects: 3, maxResponseBytes: 1_000_000 });
  }

  async test(tool: Tool): Promise<VoiceToolTestResponse['data']> {
    if (!tool.serverUrl) throw badRequest(TOOL_MESSAGES.noServerUrl);
    const args = toolArguments(tool.fields);
    const { headers, query } = fieldPlacement(tool);
    const url = new URL(tool.serverUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const started = performance.now();
    try {
      const answer = await this.http.request(url.toString(), {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json', ...(tool.serverUrlSecret ? { [TOOL_SECRET_HEADER]: tool.serverUrlSecret } : {}) },
        body: JSON.stringify(toolCallsMessage(tool, args)),
      });
      return { status: answer.status, durationMs: Math.round(performance.now() - started), body: answer.body.slice(0, SHOWN_BODY_CHARS), arguments: args };
    } catch (err) {
      if (err instanceof OutboundRequestFailed) throw badRequest(TOOL_MESSAGES.callFailed(err.message));
      throw err;
    }
  }
}
