import { toolArguments, type Tool, type ToolFieldValue } from '@platform/contracts';

/** The sample's fixed timestamp (billing.md §3: a tool-calls message with a fixed timestamp). */
export const SAMPLE_TIMESTAMP = 1_700_000_000_000;
export const SAMPLE_TOOL_CALL_ID = 'call_test_0001';
/** The header that carries the tool's serverUrlSecret, as voice platforms send it. */
export const TOOL_SECRET_HEADER = 'x-vapi-secret';

/**
 * The voice-tool test request: the tool's fields as a name/value argument map, wrapped in a
 * tool-calls message with a fixed timestamp, a sample conversation, call and assistant details
 * and a sample tool server address, the way a voice call would reach the tool server.
 */
export function toolCallsMessage(tool: Tool, args: Record<string, ToolFieldValue> = toolArguments(tool.fields)) {
  const toolCall = { id: SAMPLE_TOOL_CALL_ID, type: 'function', function: { name: tool.name, arguments: args } };
  return {
    message: {
      timestamp: SAMPLE_TIMESTAMP,
      type: 'tool-calls',
      toolCallList: [toolCall],
      toolWithToolCallList: [{ type: 'function', function: { name: tool.name, description: tool.description }, server: { url: tool.serverUrl ?? 'https://example.com/tool' }, toolCall }],
      artifact: {
        messages: [
          { role: 'assistant', message: 'Hello, how can I help you today?', time: SAMPLE_TIMESTAMP - 20_000 },
          { role: 'user', message: `I would like to use ${tool.name}.`, time: SAMPLE_TIMESTAMP - 10_000 },
        ],
      },
      call: { id: 'call_sample', type: 'webCall', status: 'in-progress', createdAt: new Date(SAMPLE_TIMESTAMP - 30_000).toISOString() },
      assistant: { id: 'assistant_sample', name: 'Test assistant' },
    },
  };
}

/** The fields sent as HTTP headers and query parameters besides the message (field.in). */
export function fieldPlacement(tool: Tool): { headers: Record<string, string>; query: Record<string, string> } {
  const headers: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const field of tool.fields ?? []) {
    const value = field.value ?? field.defaultValue;
    if (!field.key || value === undefined) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (field.in === 'header') headers[field.key.toLowerCase()] = text;
    if (field.in === 'query') query[field.key] = text;
  }
  return { headers, query };
}
