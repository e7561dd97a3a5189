import type { Region } from '@platform/contracts';
import { signForwarded } from '@platform/kit';

export interface ServiceCallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  region: Region;
  signingSecret: string;
  timeoutMs: number;
  requestId?: string;
}

export interface ServiceAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls a service as the gateway itself (signed `{kind:'gateway'}` identity). Network
 * failures and timeouts reject; any HTTP answer resolves, with the JSON body if there is one.
 */
export async function callService(url: string, options: ServiceCallOptions): Promise<ServiceAnswer> {
  const method = options.method ?? 'GET';
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const { pathname, search } = new URL(url);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...signForwarded({ identity: { kind: 'gateway' }, region: options.region }, options.signingSecret, { method, path: pathname + search, body: payload }),
  };
  if (options.requestId) headers['x-request-id'] = options.requestId;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: payload,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}
