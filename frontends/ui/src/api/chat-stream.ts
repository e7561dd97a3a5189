import { createParser } from 'eventsource-parser';
import { CHAT_STREAM_EVENTS, gatewayPath, type AGENT_API, type ChatAnswer, type ChatMessageRequest, type Region } from '@platform/contracts';
import { ApiError, messageOf } from './http';

/** The endpoints that answer a chat message, as JSON or streamed. */
type ChatEndpoint = typeof AGENT_API.sendTestMessage | typeof AGENT_API.sendWidgetMessage;

export interface StreamChatOptions {
  agentId: string;
  body: ChatMessageRequest;
  region?: Region;
  /** Another origin's gateway (the embedded widget); absent: this page's. */
  origin?: string;
  /** The widget sends no cookie: it talks as the agent's public widget. */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** Each piece of the answer as it arrives. */
  onDelta: (text: string) => void;
}

/**
 * Sends a chat message and reads the answer as server-sent events (`delta` pieces, then
 * `done` or `error`). Plain fetch and DOM types only: the React-free widget uses it too.
 * A refusal before the stream (4xx/5xx JSON) is an ApiError with the server's message.
 */
export async function streamChat(endpoint: ChatEndpoint, options: StreamChatOptions): Promise<ChatAnswer> {
  let response: Response;
  try {
    response = await fetch(`${options.origin ?? ''}${gatewayPath(endpoint, { agentId: options.agentId }, options.region)}`, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(options.body),
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    throw new ApiError(messageOf(body) ?? response.statusText ?? 'Request failed', response.status, body);
  }
  let answer: ChatAnswer | undefined;
  let failure: string | undefined;
  const parser = createParser({
    onEvent: ({ event, data }) => {
      const payload = JSON.parse(data) as { text?: string; message?: string } & ChatAnswer;
      if (event === CHAT_STREAM_EVENTS.delta && payload.text) options.onDelta(payload.text);
      else if (event === CHAT_STREAM_EVENTS.done) answer = payload;
      else if (event === CHAT_STREAM_EVENTS.error) failure = payload.message ?? 'The answer failed.';
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  if (failure !== undefined) throw new ApiError(failure, 502);
  if (!answer) throw new ApiError('The answer was cut off.', 0);
  return answer;
}
